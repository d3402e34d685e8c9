import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { ApiError } from '@gp/api-client';
import cms from '@gp/i18n/locales/en/cms.json';
import errors from '@gp/i18n/locales/en/errors.json';
import { fieldErrorText, fieldPath, showSaveError } from './field-errors.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { cms, errors } }, interpolation: { escapeValue: false } });
const t = i18n.t;

describe('content refusals', () => {
  it('names every server code, picture limits included, and falls back for unknown ones', () => {
    for (const code of [
      'not_in_future',
      'in_future',
      'before_publish_at',
      'before_start',
      'required',
      'not_found',
      'taken',
      'empty',
      'not_our_site',
      'type_not_allowed',
    ])
      expect(fieldErrorText(t, code)).toBe(cms.fieldError[code as keyof typeof cms.fieldError]);
    expect(fieldErrorText(t, 'too_large', 'file')).toBe(
      'The file is too large: pictures can be at most 5 MB.',
    );
    expect(fieldErrorText(t, 'too_big_dimensions')).toBe(
      'The picture is too big: each side can be at most 8192 pixels.',
    );
    expect(fieldErrorText(t, 'not_found', 'game_base_id')).toBe(cms.fieldError.gameNotFound);
    expect(fieldErrorText(t, 'not_found', 'cover_h5_media_id')).toBe(cms.fieldError.imageNotFound);
    expect(fieldErrorText(t, 'something_new')).toBe(cms.fieldError.invalid);
  });

  it('reads dotted field names as form paths', () => {
    expect(fieldPath('texts.th.title')).toEqual(['texts', 'th', 'title']);
    expect(fieldPath('ids.1')).toEqual(['ids', 1]);
  });

  it('puts each problem under its field, and the rest into the alert', () => {
    const setFields = vi.fn();
    const form = { setFields } as unknown as FormInstance;
    const error = new ApiError(-400, 'staff', 400, {
      fields: [
        { field: 'slug', code: 'taken' },
        { field: 'texts.th.title', code: 'too_big' },
        { field: 'texts', code: 'unrecognized_keys' },
      ],
    });
    const shown = showSaveError(t, form, error, (name) => name.length !== 1 || name[0] !== 'texts');
    expect(setFields).toHaveBeenCalledWith([
      { name: ['slug'], errors: [cms.fieldError.taken] },
      { name: ['texts', 'th', 'title'], errors: [cms.fieldError.too_big] },
    ]);
    expect(shown.fields).toEqual([['slug'], ['texts', 'th', 'title']]);
    expect(shown.alert).toBe(`${errors.common.badRequest} texts: ${cms.fieldError.unrecognized_keys}`);
  });

  it('any other refusal is the alert, translated by its code', () => {
    const form = { setFields: vi.fn() } as unknown as FormInstance;
    expect(showSaveError(t, form, new ApiError(-401, 'staff', 200), () => true)).toEqual({
      alert: errors.common.accessDenied,
      fields: [],
    });
    expect(showSaveError(t, form, new TypeError('offline'), () => true).alert).toBe(errors.common.network);
  });
});
