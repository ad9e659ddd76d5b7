import { useEffect } from 'react';
import { LoginBackground } from './login-background';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { warmUpSignIn } from './warm-up';

export function LoginPage() {
  useEffect(() => warmUpSignIn(), []);
  return (
    <div className={styles.page}>
      <LoginBackground />
      <main className={styles.card}>
        <LoginForm />
      </main>
    </div>
  );
}
