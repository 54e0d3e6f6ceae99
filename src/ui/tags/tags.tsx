import styles from './tags.module.css';

/** "Schlagworte: a b c" as pills; nothing without tags. */
export function TagLine({ label, tags }: { label: string; tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <p className={styles.tags}>
      <span className={styles.label}>{label}:</span>
      {tags.map((tag) => (
        <span key={tag} className={styles.tag}>
          {tag}
        </span>
      ))}
    </p>
  );
}
