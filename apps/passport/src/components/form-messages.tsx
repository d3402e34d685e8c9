import styles from './controls.module.css';

/**
 * The form-level error (announced at once) and the form-level notice (announced politely), as every form and
 * account section of the app shows them.
 */
export function FormMessages({ alert, notice }: { alert?: string; notice?: string }) {
  return (
    <>
      {alert && (
        <p role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
    </>
  );
}
