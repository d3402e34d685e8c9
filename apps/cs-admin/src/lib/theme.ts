/**
 * The console's antd theme: the one place its colours are chosen. antd 6 writes every token as a CSS variable
 * (`colorTextSecondary` -> `--ant-color-text-secondary`, `marginXS` -> `--ant-margin-xs`) on its components, so
 * the console's CSS modules read the same values through `var(--ant-...)` instead of repeating them; code that
 * needs a value itself (a Tag's colour) reads it from `tones` below or `theme.useToken()`.
 */
import type { ThemeConfig } from 'antd';

/**
 * Dark solid tones for tags (white text on them) and coloured text on white: each passes WCAG AA (4.5:1), which
 * antd's light presets (green, red, gold) do not at 12px.
 */
export const tones = {
  success: '#135200',
  danger: '#a8071a',
  info: '#0050b3',
  link: '#0958d9',
  warning: '#874d00',
  attention: '#ad4e00',
  neutral: '#434343',
} as const;

export type Tone = keyof typeof tones;

/**
 * antd's default blue (#1677ff) on white, and white on it, are 4.1:1, and its light grey hint text is fainter
 * still (placeholders 1.8:1): all miss WCAG AA (4.5:1), and agents read them all day. Its own darker blue (#0958d9) passes.
 */
export const consoleTheme: ThemeConfig = {
  token: {
    colorPrimary: tones.link,
    colorLink: tones.link,
    // antd derives hover colours lighter than the base (#2e7ae6: 4.2:1 under white text), and a button keeps its
    // hover colour while the pointer rests on it after a click: darker instead.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorErrorHover: tones.danger,
    // Danger buttons (recall, delete): antd's #ff4d4f is 3.3:1 on white.
    colorError: '#cf1322',
    // Error and success text (field errors, refusals, "replied"): antd derives #cf1322 and #52c41a (2.2:1).
    colorErrorText: tones.danger,
    colorSuccessText: tones.success,
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    // Placeholders such as a filter's "Any" are read as values.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  },
  components: {
    // The side menu sits on its own white column: no line down its edge.
    Menu: { activeBarBorderWidth: 0 },
  },
};

/** The dark header's text button (the menu toggle) stays white, as the header's other text, when pointed at. */
export const headerTheme: ThemeConfig = {
  components: {
    Button: { textTextColor: '#fff', textTextHoverColor: '#fff', textTextActiveColor: '#fff' },
  },
};
