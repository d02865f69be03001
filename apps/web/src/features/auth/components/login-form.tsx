import { LoginBody } from '@fleet/contract';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { InputField } from '@/components/input-field';
import { errorText } from '@/lib/api-client';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { login } from '../api/login';
import { readRememberedSignIn, rememberSignIn } from '../remembered-sign-in';

type LoginFormValues = LoginBody & { rememberMe: boolean };

function defaultValues(): LoginFormValues {
  const remembered = readRememberedSignIn();
  return { organisation: '', username: '', ...remembered, password: '', rememberMe: !!remembered };
}

// Plain Bootstrap markup rather than react-bootstrap: the sign-in page must stay small.
export function LoginForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(
    () =>
      typeboxResolver<LoginFormValues>(LoginBody, (issue) =>
        t(`validation.${issue.rule}`, { count: issue.limit }),
      ),
    [t],
  );
  const { register, handleSubmit, formState, getFieldState } = useForm<LoginFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaultValues(),
  });

  const field = (name: FieldPath<LoginBody>) => {
    const state = getFieldState(name, formState);
    return {
      ...register(name),
      error: state.error,
      checked: state.isTouched || formState.isSubmitted,
      dirty: state.isDirty,
    };
  };

  // On success the session exists and the sign-in route moves on to the overview.
  const onSubmit = handleSubmit(async ({ rememberMe, ...body }) => {
    rememberSignIn(
      rememberMe ? { organisation: body.organisation, username: body.username } : null,
    );
    setFailure(null);
    await login(body).catch(setFailure);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      {failure !== null && (
        <div className="alert alert-danger" role="alert">
          {errorText(failure)}
        </div>
      )}
      <InputField
        label={t('login.organisation')}
        autoComplete="organization"
        {...field('organisation')}
      />
      <InputField label={t('login.username')} autoComplete="username" {...field('username')} />
      <InputField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <div className="form-check mb-3">
        <input
          type="checkbox"
          className="form-check-input"
          id="rememberMe"
          {...register('rememberMe')}
        />
        <label className="form-check-label" htmlFor="rememberMe">
          {t('login.rememberMe')}
        </label>
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {formState.isSubmitting && (
          <span className="spinner-border spinner-border-sm me-2" aria-hidden />
        )}
        {t('login.submit')}
      </button>
      <div className="text-center mt-3">
        <Link to={paths.forgotPassword}>{t('login.forgotPassword')}</Link>
      </div>
    </form>
  );
}
