import type { TFunction } from 'i18next';

/** The translation key part of a privilege name: i18next reads dots as nesting, so `tickets.read` -> `tickets_read`. */
export function privilegeKey(name: string): string {
  return name.replace(/\./g, '_');
}

/** A privilege's translated name (the raw name when the console does not know it yet). */
export function privilegeLabel(t: TFunction, name: string): string {
  return t(`admin:privilege.${privilegeKey(name)}`, { defaultValue: name });
}

/** One line on what the privilege opens. */
export function privilegeHelp(t: TFunction, name: string): string {
  return t(`admin:privilegeHelp.${privilegeKey(name)}`, { defaultValue: '' });
}
