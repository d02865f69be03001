import { useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/input-field';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { resetPassword } from '../api/users';
import { Type } from 'typebox';
import { Password } from '@fleet/contract';

const PasswordForm = Type.Object({ password: Password });

/** Gives a user a new password (at least 6 characters, spec §5). */
export function ResetPassword({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(
    () =>
      typeboxResolver<{ password: string }>(PasswordForm, (issue) =>
        t(`validation.${issue.rule}`, { count: issue.limit }),
      ),
    [t],
  );
  const { register, handleSubmit, formState, getFieldState, reset } = useForm<{ password: string }>(
    { resolver, mode: 'onTouched', defaultValues: { password: '' } },
  );
  const state = getFieldState('password', formState);
  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await resetPassword(userId, password);
      notify(t('management.edit.passwordReset'), { type: 'success' });
      reset();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('management.edit.resetPassword')}
        </Card.Title>
        <form noValidate onSubmit={onSubmit} aria-label={t('management.edit.resetPassword')}>
          {failure !== null && <Alert variant="danger">{errorText(failure)}</Alert>}
          <InputField
            label={t('management.edit.newPassword')}
            type="password"
            autoComplete="new-password"
            {...register('password')}
            error={state.error}
            checked={state.isTouched || formState.isSubmitted}
            dirty={state.isDirty}
          />
          <Button type="submit" variant="outline-primary" disabled={formState.isSubmitting}>
            {t('management.edit.resetPassword')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
