// The card of the sign-in pages (login, register, forgotten password, bind e-mail): a title and
// a subtitle over a kit form (the form-level message, the busy submit), centred on the page.
import type { ComponentProps } from 'react';
import { KitForm } from '../../kit/form.tsx';

interface AuthCardProps extends Omit<ComponentProps<typeof KitForm>, 'className' | 'testId'> {
  title: string;
  subtitle?: string;
}

export function AuthCard({ title, subtitle, children, ...form }: AuthCardProps) {
  return (
    <section className="auth">
      <KitForm className="auth__card" {...form}>
        <h1 className="auth__title">{title}</h1>
        {subtitle && <p className="auth__subtitle muted">{subtitle}</p>}
        {children}
      </KitForm>
    </section>
  );
}
