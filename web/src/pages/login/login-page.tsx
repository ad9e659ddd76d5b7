import { LoginBackground } from './login-background';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';

export function LoginPage() {
  return (
    <div className={styles.page}>
      <LoginBackground />
      <main className={styles.card}>
        <LoginForm />
      </main>
    </div>
  );
}
