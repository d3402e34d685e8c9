/**
 * The member steps of the wizard for one game (the H5 `setoutpay` page, the middle of the desktop page): server
 * and character, currency, payment method, item, captcha, the rules; "Pay now" checks that all is chosen and hands
 * over to the confirm step. Servers under maintenance and characters that cannot be topped up are shown, disabled,
 * with the reason; a server without a character of the player's says how to get one.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { currentLanguage } from '@gp/i18n';
import { currencyName, formatMoney } from '@gp/i18n/format';
import type { PayChannelItem, PayServerItem } from '@gp/contracts/pay';
import type { TopupApi } from '../model/variant.ts';
import { errorMessage, isPayCode } from '../model/error-message.ts';
import {
  draftGameOf,
  newAttemptKey,
  useDraft,
  type DraftChannel,
  type DraftGame,
  type TopupDraft,
} from '../model/draft.ts';
import { CaptchaField } from './captcha-field.tsx';
import { ChoiceCard, ChoiceGroup, focusFirstChoice } from './choice.tsx';
import { ItemName } from './item-name.tsx';
import { RulesAgreement } from './rules-agreement.tsx';
import { useEarlyInput, useScriptsReady } from '@gp/ui/early-input';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { RecentAnswers, useResource } from '@gp/ui/use-resource';
import { VisuallyHidden } from '@gp/ui/visually-hidden';
import styles from './topup.module.css';

// Back from the confirm step, the choices show as the player left them while they are asked again (the page's
// memory, which every login and logout leaves by a full page load).
const recentLists = new RecentAnswers();

type Field = 'server' | 'character' | 'currency' | 'method' | 'product' | 'captcha' | 'agree';
const fieldOrder: Field[] = ['server', 'character', 'currency', 'method', 'product', 'captcha', 'agree'];

/** Which choice an order refusal is about, so the message also shows there. */
const fieldOfCode: Partial<Record<number, Field>> = {
  [codes.payWrongCaptcha]: 'captcha',
  [codes.payServerMaintenance]: 'server',
  [codes.payServerNotFound]: 'server',
  [codes.payCharacterCannotRecharge]: 'character',
  [codes.payRoleNotFound]: 'character',
  [codes.payProductOffSale]: 'product',
  [codes.payProductNotFound]: 'product',
  [codes.payPaymentMethodUnsupported]: 'method',
  [codes.payAmountOutsideChannelLimits]: 'method',
};

function Pending({ children }: { children: string }) {
  return (
    <p className={styles.hint} role="status">
      {children}
    </p>
  );
}

function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('pay');
  return (
    <div className={styles.actions}>
      <p className={styles.alert} role="alert">
        {message}
      </p>
      <button type="button" className={styles.secondary} onClick={onRetry}>
        {t('form.retry')}
      </button>
    </div>
  );
}

export function TopupForm({
  api,
  game,
  rejection,
  returning = false,
  onSubmit,
}: {
  api: TopupApi;
  game: DraftGame;
  /** The order call refused the last attempt: its message is shown at the top and at the choice concerned. */
  rejection?: ApiError | undefined;
  /** Back from the confirm step: focus returns to "Pay now". */
  returning?: boolean;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('pay');
  const [draft, update] = useDraft(api.id);
  const { guard } = useLoginRedirect();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const serverRef = useRef<HTMLFieldSetElement>(null);
  const characterRef = useRef<HTMLFieldSetElement>(null);
  const currencyRef = useRef<HTMLFieldSetElement>(null);
  const methodRef = useRef<HTMLFieldSetElement>(null);
  const productRef = useRef<HTMLFieldSetElement>(null);
  const captchaRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // What the player chose or typed in a server-painted form before the takeover is kept (early-input.ts); the
  // button waits for the scripts, which alone can hand the order over.
  const formRef = useRef<HTMLFormElement>(null);
  useEarlyInput(formRef);
  const ready = useScriptsReady();
  /** Moves focus to a choice (its chosen or first card), the captcha or the rules box. */
  const focusField = (field: Field) => {
    if (field === 'captcha') captchaRef.current?.focus();
    else if (field === 'agree') agreeRef.current?.focus();
    else
      focusFirstChoice(
        {
          server: serverRef,
          character: characterRef,
          currency: currencyRef,
          method: methodRef,
          product: productRef,
        }[field].current,
      );
  };

  const roles = useResource(
    `roles:${game.game_base_id}`,
    () => guard(api.roles(game.game_base_id)),
    recentLists,
  );
  const currencies = useResource(`currencies:${game.game_id}`, () => api.currencies(game), recentLists);
  const currency =
    currencies.data?.find((c) => c.currency === draft.currency?.currency) ?? currencies.data?.[0];
  const channels = useResource(
    currency ? `channels:${game.game_base_id}:${currency.currency}` : null,
    () => api.channels(game, currency!.currency),
    recentLists,
  );
  const channel = channels.data?.find(
    (c) => c.pay_mode === draft.channel?.pay_mode && c.payment_type === draft.channel?.payment_type,
  );
  const products = useResource(
    currency && channel ? `products:${game.game_id}:${currency.currency}:${channel.pay_mode}` : null,
    () => api.products(game, currency!.currency, channel!.pay_mode),
    recentLists,
  );
  // A method takes what its per-order limits allow: an item priced outside them is not offered with it.
  const offered = products.data?.filter(
    (p) =>
      (channel?.min_amount == null || p.product_price >= channel.min_amount) &&
      (channel?.max_amount == null || p.product_price <= channel.max_amount),
  );
  const product = offered?.find((p) => p.product_id === draft.product?.product_id);
  const server = roles.data?.find((s) => s.cp_server_id === draft.server?.cp_server_id && !s.is_maintenance);
  const role = server?.role_list.find((r) => r.cp_role_id === draft.role?.cp_role_id && r.can_recharge === 1);

  const rejectionText = rejection ? errorMessage(t, rejection) : undefined;
  const rejectedField = rejection ? fieldOfCode[rejection.code] : undefined;

  // A refused order: the player hears why and lands on the choice to change (or on the message).
  useEffect(() => {
    if (!rejection) return;
    const field = rejection.domain === 'pay' ? fieldOfCode[rejection.code] : undefined;
    if (field) focusField(field);
    else alertRef.current?.focus();
    // Only a new refusal moves focus.
  }, [rejection]);

  useEffect(() => {
    if (returning) submitRef.current?.focus();
  }, [returning]);

  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  const change = (field: Field, fn: (d: TopupDraft) => TopupDraft) => {
    clear(field);
    update(fn);
  };

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (!server) found.server = t('form.errors.server');
    else if (!role) found.character = t('form.errors.character');
    if (!currency) found.currency = t('form.errors.currency');
    if (!channel) found.method = t('form.errors.method');
    if (!product) found.product = t('form.errors.product');
    if (!draft.captcha?.code.trim()) found.captcha = t('form.errors.captcha');
    if (!draft.agreed) found.agree = t('form.errors.agree');
    setErrors(found);
    const first = fieldOrder.find((f) => found[f]);
    if (first) {
      focusField(first);
      return;
    }
    update((d) => ({
      ...d,
      game: draftGameOf(game),
      server: { cp_server_id: server!.cp_server_id, server_name: server!.server_name },
      role: { cp_role_id: role!.cp_role_id, role_name: role!.role_name, level: role!.level },
      currency: { currency: currency!.currency, exponent: currency!.exponent },
      channel: draftChannelOf(channel!),
      product: product!,
      // One key per attempt: confirming twice, or again after a lost answer, sends this same key.
      attemptKey: newAttemptKey(),
    }));
    onSubmit();
  };

  const fieldError = (field: Field) =>
    errors[field] ?? (rejectedField === field && rejection?.domain === 'pay' ? rejectionText : undefined);

  const roleHint = (s: PayServerItem | undefined) => {
    if (!s) return t('form.chooseServerFirst');
    if (s.role_list.length === 0)
      return (
        <div className={styles.message} role="status">
          <p>{t('form.noCharacterOnServer')}</p>
          <p>{t('form.noCharacterHelp')}</p>
        </div>
      );
    return undefined;
  };

  const renderServers = () => {
    if (roles.loading) return <Pending>{t('form.loading')}</Pending>;
    if (roles.error !== undefined) {
      if (isPayCode(roles.error, codes.payNoCharacter))
        return (
          <div className={styles.message} role="status">
            <p>{errorMessage(t, roles.error)}</p>
            <p>{t('form.noCharacterHelp')}</p>
          </div>
        );
      return <LoadFailure message={errorMessage(t, roles.error)} onRetry={roles.reload} />;
    }
    const servers = roles.data ?? [];
    return (
      <>
        <ChoiceGroup legend={t('form.server')} error={fieldError('server')} groupRef={serverRef}>
          {servers.map((s) => (
            <ChoiceCard
              key={s.cp_server_id}
              name="server"
              value={s.cp_server_id}
              checked={s.cp_server_id === server?.cp_server_id}
              disabled={s.is_maintenance === 1}
              note={s.is_maintenance === 1 ? t('form.maintenance') : undefined}
              onChoose={() =>
                change('server', (d) => ({
                  ...d,
                  server: { cp_server_id: s.cp_server_id, server_name: s.server_name },
                  role: undefined,
                }))
              }
              label={s.server_name}
            />
          ))}
        </ChoiceGroup>
        <ChoiceGroup
          legend={t('form.character')}
          hint={roleHint(server)}
          error={fieldError('character')}
          groupRef={characterRef}
        >
          {server?.role_list.map((r) => (
            <ChoiceCard
              key={r.cp_role_id}
              name="character"
              value={r.cp_role_id}
              checked={r.cp_role_id === role?.cp_role_id}
              disabled={r.can_recharge !== 1}
              note={r.can_recharge !== 1 ? t('form.cannotRecharge') : undefined}
              details={t('form.level', { level: r.level })}
              onChoose={() =>
                change('character', (d) => ({
                  ...d,
                  role: { cp_role_id: r.cp_role_id, role_name: r.role_name, level: r.level },
                }))
              }
              label={r.role_name}
            />
          ))}
        </ChoiceGroup>
      </>
    );
  };

  const renderCurrencies = () => {
    if (currencies.loading) return <Pending>{t('form.loading')}</Pending>;
    if (currencies.error !== undefined)
      return <LoadFailure message={errorMessage(t, currencies.error)} onRetry={currencies.reload} />;
    return (
      <ChoiceGroup legend={t('form.currency')} error={fieldError('currency')} groupRef={currencyRef}>
        {currencies.data?.map((c) => (
          <ChoiceCard
            key={c.currency}
            name="currency"
            value={c.currency}
            checked={c.currency === currency?.currency}
            details={currencyName(c.currency, currentLanguage())}
            onChoose={() =>
              change('currency', (d) => ({
                ...d,
                currency: { currency: c.currency, exponent: c.exponent },
                channel: undefined,
                product: undefined,
              }))
            }
            label={c.currency}
          />
        ))}
      </ChoiceGroup>
    );
  };

  const renderChannels = () => {
    if (!currency) return null;
    if (channels.loading) return <Pending>{t('form.loading')}</Pending>;
    if (channels.error !== undefined)
      return <LoadFailure message={errorMessage(t, channels.error)} onRetry={channels.reload} />;
    const list = channels.data ?? [];
    return (
      <ChoiceGroup
        legend={t('form.method')}
        hint={list.length === 0 ? t('form.noMethods') : undefined}
        error={fieldError('method')}
        groupRef={methodRef}
      >
        {list.map((c) => (
          <ChoiceCard
            key={`${c.pay_mode}:${c.payment_type}`}
            name="method"
            value={`${c.pay_mode}:${c.payment_type}`}
            checked={c === channel}
            onChoose={() =>
              change('method', (d) => ({
                ...d,
                channel: draftChannelOf(c),
              }))
            }
            label={c.channel_name}
          />
        ))}
      </ChoiceGroup>
    );
  };

  const renderProducts = () => {
    const hint = !channel
      ? t('form.chooseMethodFirst')
      : offered?.length === 0
        ? t('form.noProducts')
        : undefined;
    return (
      <ChoiceGroup
        legend={t('form.product')}
        hint={hint}
        error={fieldError('product')}
        groupRef={productRef}
        wide
      >
        {products.loading && (
          <li>
            <Pending>{t('form.loading')}</Pending>
          </li>
        )}
        {products.error !== undefined && (
          <li>
            <LoadFailure message={errorMessage(t, products.error)} onRetry={products.reload} />
          </li>
        )}
        {offered?.map((p) => (
          <ChoiceCard
            key={p.product_id}
            name="product"
            value={p.product_id}
            checked={p.product_id === product?.product_id}
            onChoose={() => change('product', (d) => ({ ...d, product: p }))}
            className={
              p.product_image ? `${styles.productCard} ${styles.productCardPictured}` : styles.productCard
            }
            media={
              p.product_image ? (
                // Decorative: the item's name is right beside it. Sized so the list never shifts when it loads.
                <img
                  className={styles.productImage}
                  src={p.product_image}
                  alt=""
                  width={44}
                  height={44}
                  loading="lazy"
                  decoding="async"
                />
              ) : undefined
            }
            label={
              <>
                <ItemName name={p.product_name} />
                <VisuallyHidden>,</VisuallyHidden>{' '}
                <span className={styles.price}>
                  {formatMoney(p.product_price, p.currency, p.exponent, currentLanguage())}
                </span>
              </>
            }
            details={
              p.marketing_desc_1 || p.marketing_desc_2 ? (
                <>
                  {p.marketing_desc_1 && <span className={styles.tag}>{p.marketing_desc_1}</span>}
                  {p.marketing_desc_1 && p.marketing_desc_2 && ' '}
                  {p.marketing_desc_2}
                </>
              ) : undefined
            }
          />
        ))}
      </ChoiceGroup>
    );
  };

  return (
    <form
      ref={formRef}
      className={styles.panel}
      aria-label={t('form.label', { game: game.game_name })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {rejectionText && (
        <p ref={alertRef} className={styles.alert} role="alert" tabIndex={-1}>
          {rejectionText}
        </p>
      )}
      {renderServers()}
      {renderCurrencies()}
      {renderChannels()}
      {renderProducts()}
      <CaptchaField api={api} error={fieldError('captcha')} inputRef={captchaRef} />
      <RulesAgreement
        checked={!!draft.agreed}
        onChange={(agreed) => change('agree', (d) => ({ ...d, agreed }))}
        error={fieldError('agree')}
        inputRef={agreeRef}
      />
      <div className={styles.actions}>
        <button
          ref={submitRef}
          type="submit"
          className={styles.primary}
          disabled={!ready}
          aria-busy={!ready || undefined}
        >
          {t('form.payNow')}
        </button>
      </div>
    </form>
  );
}

/** What the draft keeps of a channel: its keys, its name, and whether it is paid from our page. */
function draftChannelOf(c: PayChannelItem): DraftChannel {
  return {
    pay_mode: c.pay_mode,
    payment_type: c.payment_type,
    channel_name: c.channel_name,
    ...(c.pays_on_page ? { pays_on_page: true } : {}),
  };
}
