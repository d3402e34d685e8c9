/**
 * The question form (`/service/question`): game, question type (those offered for tickets of the chosen game),
 * character id and name, the e-mail for replies, title, description and attachments. Checked with
 * `questionFormSchema` before sending; a refusal shows its translated message (at the field it names when it
 * names one) and nothing typed is lost. On success the form gives way to the ticket number and a link to it.
 * About a top-up order (`order`): the order's game, server and character are shown instead of asked
 * (the server takes them from the order), the top-up question type is chosen by its slug and the title filled in.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEarlyInput } from '@gp/ui/early-input';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { orderHelpQuestionTypeSlug, questionFormSchema, type CsGameItem } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import { SiteLink } from '@gp/ui/site-link';
import { serviceCalls } from '../api/service.calls.ts';
import { errorMessage, refusedFields, serviceCode } from '../model/error-message.ts';
import { getQuestionTypes } from '../api/get-question-types.ts';
import { fieldErrorsOf, firstError, type FieldErrors, type FieldMessages } from '../model/field-errors.ts';
import type { OrderPrefill } from '../model/order-prefill.ts';
import { servicePaths } from '../model/query.ts';
import { useAttachments } from '../model/use-attachments.ts';
import { useResource } from '@gp/ui/use-resource';
import { AttachmentPicker } from './attachment-picker.tsx';
import { focusById, FormMessages, SelectField, TextAreaField, TextField } from './fields.tsx';
import styles from './form.module.css';
import page from './service-page.module.css';
import summary from './ticket-summary.module.css';

type Field =
  | 'game_base_id'
  | 'question_type'
  | 'character_id'
  | 'character_name'
  | 'email'
  | 'question_title'
  | 'question_content'
  | 'attachments';

const order: Field[] = [
  'game_base_id',
  'question_type',
  'character_id',
  'character_name',
  'email',
  'question_title',
  'question_content',
  'attachments',
];

const messages: Record<Field, FieldMessages> = {
  game_base_id: { invalid: 'errors.gameRequired' },
  question_type: { invalid: 'errors.typeRequired' },
  character_id: { invalid: 'errors.characterId' },
  character_name: { invalid: 'errors.characterName' },
  email: { required: 'errors.emailRequired', invalid: 'errors.email' },
  question_title: { required: 'errors.titleRequired', invalid: 'errors.title' },
  question_content: { required: 'errors.contentRequired', invalid: 'errors.content' },
  attachments: { invalid: 'errors.attachments' },
};

/** What a -400 `not_offered` means for the two fields that can be refused so. */
const notOffered: Partial<Record<Field, string>> = {
  game_base_id: 'errors.gameNotOffered',
  question_type: 'errors.typeNotOffered',
};

interface Values {
  game: string;
  type: string;
  characterId: string;
  characterName: string;
  email: string;
  title: string;
  content: string;
}

export function QuestionForm({
  games,
  email,
  order: about,
}: {
  games: readonly CsGameItem[];
  email: string;
  order?: OrderPrefill | undefined;
}) {
  const { t } = useTranslation('service');
  // The session ended while the page was open: to the login, back here afterwards.
  const { guard } = useLoginRedirect();
  const base = useId();
  const ids: Record<Field, string> = Object.fromEntries(order.map((f) => [f, `${base}-${f}`])) as Record<
    Field,
    string
  >;
  // What the player typed into a server-painted form before the takeover is kept (early-input.ts).
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyInput(formRef);
  const [values, setValues] = useState<Values>({
    game: about ? String(about.gameBaseId) : games.length === 1 ? String(games[0]!.game_base_id) : '',
    type: '',
    characterId: '',
    characterName: '',
    email,
    title: about ? t('orderHelp.title', { orderNo: about.orderNo }).slice(0, 100) : '',
    content: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<number>();
  const successRef = useRef<HTMLHeadingElement>(null);
  const attachments = useAttachments();

  // The success message takes the form's place: focus goes to its heading so it is heard.
  useEffect(() => {
    if (created !== undefined) successRef.current?.focus();
  }, [created]);

  const types = useResource(values.game ? `types:${values.game}` : null, () =>
    getQuestionTypes('ticket', Number(values.game)),
  );

  // About an order: the top-up type, by its stable slug, until the player picks another.
  const orderType = about
    ? types.data?.find((q) => q.slug === orderHelpQuestionTypeSlug)?.question_type
    : undefined;
  const chosenType = values.type || (orderType !== undefined ? String(orderType) : '');

  const set = (key: keyof Values, field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const formValues = () => ({
    game_base_id: values.game,
    question_type: chosenType,
    character_id: values.characterId,
    character_name: values.characterName,
    email: values.email,
    question_title: values.title,
    question_content: values.content,
    attachments: attachments.fileIds,
  });

  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    focusById(ids[firstError(order, found) ?? 'game_base_id']);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const raw = formValues();
    const found: FieldErrors<Field> = fieldErrorsOf(questionFormSchema, raw, messages);
    if (attachments.uploading) found.attachments = 'errors.uploading';
    else if (attachments.failed) found.attachments = 'errors.uploadFailed';
    if (firstError(order, found)) {
      show(found);
      return;
    }
    const question = questionFormSchema.parse(raw);
    setBusy(true);
    try {
      const answer = await guard(
        serviceCalls.createWorkOrder(about ? { ...question, order_no: about.orderNo } : question),
      );
      attachments.clear();
      setCreated(answer.work_order_id);
      setBusy(false);
    } catch (error) {
      setBusy(false);
      const refused = refusedFields(error).filter((f): f is { field: Field; code: string } =>
        order.includes(f.field as Field),
      );
      if (refused.length > 0) {
        const byServer: FieldErrors<Field> = {};
        for (const f of refused)
          byServer[f.field] = (f.code === 'not_offered' && notOffered[f.field]) || messages[f.field].invalid;
        show(byServer);
        return;
      }
      const code = serviceCode(error);
      setAlert(errorMessage(t, error));
      if (code === codes.serviceAttachmentNotFound) setErrors({ attachments: 'errors.attachmentGone' });
    }
  };

  const another = () => {
    setValues((v) => ({
      ...v,
      type: about && orderType !== undefined ? String(orderType) : '',
      content: '',
    }));
    if (!about) setValues((v) => ({ ...v, title: '' }));
    setErrors({});
    setAlert(undefined);
    setCreated(undefined);
  };

  if (created !== undefined) {
    return (
      <section className={page.success} aria-labelledby={`${base}-done`}>
        <h2 id={`${base}-done`} ref={successRef} tabIndex={-1} className={page.successTitle}>
          {t('question.successTitle')}
        </h2>
        <p>{t('question.successBody', { id: created })}</p>
        <div className={styles.actions}>
          <SiteLink to={servicePaths.detail(created)} className={styles.primary}>
            {t('question.viewTicket')}
          </SiteLink>
          <button type="button" className={styles.secondary} onClick={another}>
            {t('question.another')}
          </button>
        </div>
      </section>
    );
  }

  const err = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  const typeOptions = types.data ?? [];
  let typePlaceholder = t('question.chooseType');
  if (!values.game) typePlaceholder = t('question.chooseGameFirst');
  else if (types.loading) typePlaceholder = t('question.typesLoading');
  else if (types.error !== undefined) typePlaceholder = t('question.typesError');

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={busy || undefined}
    >
      <FormMessages alert={alert} />
      {about && <OrderFacts about={about} games={games} />}
      <div className={styles.row}>
        {!about && (
          <SelectField
            id={ids.game_base_id}
            label={t('question.game')}
            required
            value={values.game}
            onChange={(e) => {
              set('game', 'game_base_id')(e.target.value);
              setValues((v) => ({ ...v, type: '' }));
            }}
            error={err('game_base_id')}
          >
            <option value="">{t('question.chooseGame')}</option>
            {games.map((g) => (
              <option key={g.game_base_id} value={g.game_base_id}>
                {g.game_name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          id={ids.question_type}
          label={t('question.type')}
          required
          value={chosenType}
          onChange={(e) => set('type', 'question_type')(e.target.value)}
          error={err('question_type')}
        >
          <option value="">{typePlaceholder}</option>
          {typeOptions.map((q) => (
            <option key={q.question_type} value={q.question_type}>
              {q.question_type_name}
            </option>
          ))}
        </SelectField>
      </div>
      {types.error !== undefined && (
        <p className={styles.error} role="alert">
          {errorMessage(t, types.error)}{' '}
          <button type="button" className={page.linkButton} onClick={types.reload}>
            {t('common:state.retry')}
          </button>
        </p>
      )}
      {!about && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            {t('question.character')}
            <span className={styles.optional}> {t('form.optional')}</span>
          </legend>
          <p className={styles.hint}>{t('question.characterHint')}</p>
          <div className={styles.row}>
            <TextField
              id={ids.character_id}
              label={t('question.characterId')}
              hint={t('question.characterIdHint')}
              autoComplete="off"
              maxLength={20}
              value={values.characterId}
              onChange={(e) => set('characterId', 'character_id')(e.target.value)}
              error={err('character_id')}
            />
            <TextField
              id={ids.character_name}
              label={t('question.characterName')}
              autoComplete="off"
              maxLength={20}
              value={values.characterName}
              onChange={(e) => set('characterName', 'character_name')(e.target.value)}
              error={err('character_name')}
            />
          </div>
        </fieldset>
      )}
      <TextField
        id={ids.email}
        label={t('question.email')}
        hint={t('question.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        onChange={(e) => set('email', 'email')(e.target.value)}
        error={err('email')}
      />
      <TextField
        id={ids.question_title}
        label={t('question.title')}
        hint={t('question.titleHint')}
        required
        maxLength={100}
        value={values.title}
        onChange={(e) => set('title', 'question_title')(e.target.value)}
        error={err('question_title')}
      />
      <TextAreaField
        id={ids.question_content}
        label={t('question.content')}
        hint={t('question.contentHint')}
        required
        rows={8}
        max={1000}
        value={values.content}
        onChange={(e) => set('content', 'question_content')(e.target.value)}
        error={err('question_content')}
      />
      <AttachmentPicker id={ids.attachments} attachments={attachments} error={err('attachments')} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t('form.sending') : t('question.submit')}
        </button>
      </div>
    </form>
  );
}

/** The order a question is about, as the pay page passed it (the server takes the real facts from the order). */
function OrderFacts({ about, games }: { about: OrderPrefill; games: readonly CsGameItem[] }) {
  const { t } = useTranslation('service');
  const game = games.find((g) => g.game_base_id === about.gameBaseId)?.game_name;
  const character = [about.roleName, about.roleId && `(${about.roleId})`].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    [t('orderHelp.orderNo'), about.orderNo],
    ...(game ? [[t('orderHelp.game'), game] as [string, string]] : []),
    ...(about.server ? [[t('orderHelp.server'), about.server] as [string, string]] : []),
    ...(character ? [[t('orderHelp.character'), character] as [string, string]] : []),
  ];
  return (
    <section className={styles.group} aria-labelledby="order-facts-heading">
      <h2 id="order-facts-heading" className={styles.legend}>
        {t('orderHelp.about')}
      </h2>
      <dl className={summary.summary}>
        {rows.map(([label, value]) => (
          <div key={label} className={summary.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.hint}>{t('orderHelp.fromOrder')}</p>
    </section>
  );
}
