import type { HTMLAttributes } from 'react';
import layout from '../../../lib/layout.module.css';

/** Error and success text in the theme's text tones, which pass WCAG AA contrast on white (over 7:1). */
const toneClass = { danger: layout.danger, success: layout.success } as const;

export function ToneText({
  tone,
  className,
  ...rest
}: { tone: keyof typeof toneClass } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={className ? `${toneClass[tone]} ${className}` : toneClass[tone]} {...rest} />;
}
