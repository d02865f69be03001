import type { MediaRequest } from '@fleet/contract';
import { useMemo } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EntityType } from '@/config/paths';
import { fieldClasses } from '@/lib/class-names';
import { useCreateMediaRequest } from '../api/media-requests';
import {
  requestFormIssues,
  toRequestInput,
  type RequestFormIssue,
  type RequestFormValues,
} from '../request-form';

/** The form's check: the pure rules of request-form.ts, a translated message each. */
function useResolver(): Resolver<RequestFormValues> {
  const { t } = useTranslation();
  return useMemo<Resolver<RequestFormValues>>(() => {
    const message = (issue: RequestFormIssue) =>
      issue.rule === 'required' || issue.rule === 'invalid'
        ? t(`validation.${issue.rule}`)
        : t(`media.requests.errors.${issue.rule}`, {
            limit: 'limit' in issue ? issue.limit : undefined,
          });
    return (values) => {
      const issues = requestFormIssues(values, Date.now());
      if (issues.length === 0) return { values, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of issues)
        errors[issue.field] = { type: issue.rule, message: message(issue) };
      return { values: {}, errors: errors as FieldErrors<RequestFormValues> };
    };
  }, [t]);
}

/** The media request form's state: its fields, their check and look, and sending it. */
export function useRequestForm({
  type,
  entityId,
  initial,
  onSent,
}: {
  type: EntityType;
  entityId: number;
  initial: RequestFormValues;
  onSent: (request: MediaRequest) => void;
}) {
  const create = useCreateMediaRequest(type, entityId);
  const resolver = useResolver();
  const { register, handleSubmit, formState, control, getFieldState } = useForm<RequestFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const mediaType = useWatch({ control, name: 'mediaType' });
  const field = (name: keyof RequestFormValues) => {
    const state = getFieldState(name, formState);
    return {
      error: state.error,
      className: fieldClasses(
        !!state.error,
        state.isDirty,
        state.isTouched || formState.isSubmitted,
      ),
    };
  };

  const submit = handleSubmit(async (values) => {
    const now = new Date();
    const input = toRequestInput(values, type === 'ASSET' ? entityId : undefined, now);
    const request = await create.mutateAsync(input).catch(() => null);
    if (request) onSent(request);
  });

  return {
    register,
    isSubmitting: formState.isSubmitting,
    mediaType,
    field,
    camerasError: getFieldState('cameras', formState).error,
    submit,
    error: create.error,
  };
}
export type RequestFormState = ReturnType<typeof useRequestForm>;
