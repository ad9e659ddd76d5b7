import styles from './login-page.module.css';
import { useRotatingIndex } from './use-rotating-index';

// Spec section 9: the sign-in carousel changes every 3000 ms.
const SLIDE_INTERVAL_MS = 3000;
const SLIDES = [styles.slideOne, styles.slideTwo, styles.slideThree];

/** Decorative background carousel; the images are CSS gradients, so there is nothing to download. */
export function LoginBackground() {
  const active = useRotatingIndex(SLIDES.length, SLIDE_INTERVAL_MS);
  return (
    <div className={styles.background} aria-hidden="true" data-active-slide={active}>
      {SLIDES.map((slide, index) => (
        <div key={slide} className={`${styles.slide} ${slide} ${index === active ? styles.visible : ''}`} />
      ))}
    </div>
  );
}
