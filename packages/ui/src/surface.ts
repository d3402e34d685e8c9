import styles from './surface.module.css';

/** A box on the page background (surface colour, hairline border, rounded corners); the box's own class wins. */
export const surface: string = styles.surface ?? '';

/** A pill: the surface box with round ends, in the text colour, not underlined; its own class wins. */
export const pill: string = styles.pill ?? '';
