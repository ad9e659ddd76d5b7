import { initials } from '../../app/layout/cooperative-band';
import { avatarTone } from './voting-helpers';
import styles from './voting.module.css';

interface ContestantAvatarProps {
  name: string;
  gender: string | null | undefined;
  size?: 'small' | 'large';
}

/** A contestant's initials in a circle coloured by gender (members have no photo here). */
export function ContestantAvatar({ name, gender, size = 'small' }: ContestantAvatarProps) {
  const tone = avatarTone(gender);
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      className={`${styles.avatar} ${styles[tone]} ${size === 'large' ? styles.large : ''}`}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  );
}

/** The "+N" after the avatars a card has room for. */
export function MoreAvatar({ text, label }: { text: string; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className={`${styles.avatar} ${styles.more}`}>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
