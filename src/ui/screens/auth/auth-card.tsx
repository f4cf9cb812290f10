import type { FormEvent, ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  onSubmit: () => void;
  /** A form-level error (server message), shown above the submit button. */
  error?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, onSubmit, error, children, footer }: AuthCardProps) {
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <section className="auth">
      <form className="auth__card" onSubmit={submit} noValidate>
        <h1 className="auth__title">{title}</h1>
        {subtitle && <p className="auth__subtitle muted">{subtitle}</p>}
        {children}
        {error && (
          <p className="form-error" role="alert" data-testid="form-error">
            {error}
          </p>
        )}
        {footer}
      </form>
    </section>
  );
}
