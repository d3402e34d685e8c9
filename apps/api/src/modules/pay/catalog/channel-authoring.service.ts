/**
 * A game's payment channels for staff: the list with each channel's provider state, the on/off switch, creating
 * and editing channels, and the providers this deployment knows (providers/provider-catalog.ts). Each write locks
 * what it changes, changes it and records the audit row in one transaction; a write that would change nothing
 * writes and records nothing. Players read the same rows on their next call (the public cache is emptied after
 * every staff write, on every process).
 *
 * The rule this service adds: a channel is never switched on (created on, saved on, or switched on) unless its
 * provider can take its payments here, -40320 otherwise; switched off it may be prepared for a provider that is
 * set up later. The method keys are checked against the provider's own list whatever its state.
 */
import { currencyExponent, type PayMode } from '@gp/contracts/pay';
import type { PayAdminChannelItem } from '@gp/contracts/pay-admin';
import type { PayChannelProviderData } from '@gp/contracts/pay-channel-authoring';
import { editLanguages, type EditLanguage } from '@gp/contracts/catalog-admin';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, isUniqueViolation, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import {
  effectiveProvider,
  knownKindOf,
  knownProviders,
  methodTakes,
  providerFacts,
  providerKind,
  settingsOf,
  unpayableReason,
  type ConfiguredProviders,
} from '../providers/provider-catalog.ts';
import { CatalogRepository, type PayChannelRow } from './catalog.repository.ts';
import { ChannelAuthoringRepository, type ChannelSetup } from './channel-authoring.repository.ts';

export interface ChannelAuthoringDeps {
  db: Db;
  now: Clock;
  /** The providers configured in this deployment (app.pay.channelProviders). */
  providers: ConfiguredProviders;
}

/** What the editor sends (pay-channel-authoring.contracts.ts `channelEditFields`, parsed). */
export interface ChannelEdit {
  pay_mode: number;
  payment_type: string;
  provider: string | null;
  method_keys: string[];
  min_amount: number | null;
  max_amount: number | null;
  names: { en: string } & Partial<Record<EditLanguage, string | null>>;
  sort: number;
  is_open: 0 | 1;
}

const bit = (on: boolean) => (on ? (1 as const) : (0 as const));
const notFound = () => new AppError(codes.notFound);
const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);
const notPayableHere = () => new AppError(codes.staffPayChannelProviderNotConfigured);

type Names = Partial<Record<EditLanguage, string>>;

/** Names in the languages' order, so that two readings of the same names compare equal. */
const ordered = (names: Readonly<Record<string, string>>): Names =>
  Object.fromEntries(editLanguages.flatMap((l) => (names[l] ? [[l, names[l]]] : [])));

/** What the audit log keeps of a channel: what it is and how it is paid, readable without the tables. */
function snapshot(channel: PayChannelRow, names: Names) {
  return {
    game_base_id: channel.gameBaseId,
    currency: channel.currency,
    pay_mode: channel.payMode,
    payment_type: channel.paymentType,
    provider: channel.provider,
    provider_methods: channel.providerMethods,
    min_amount: channel.minAmount,
    max_amount: channel.maxAmount,
    sort: channel.sort,
    is_open: bit(channel.isOpen),
    names,
  };
}

export class ChannelAuthoringService {
  constructor(private readonly d: ChannelAuthoringDeps) {}

  // ---- Providers ----

  providerList(): PayChannelProviderData {
    const { configured, deploymentProvider } = this.d.providers;
    return {
      deployment_provider: deploymentProvider ?? null,
      // Each provider this code knows, then the accounts of them configured here (`stripe.th`).
      providers: [
        ...knownProviders,
        ...configured.filter((name) => name.includes('.') && knownKindOf(name)),
      ].map((name) => {
        const kind = knownKindOf(name)!;
        const facts = providerFacts[kind];
        return {
          provider: name,
          configured: bit(configured.includes(name)),
          settings: settingsOf(name)!,
          method_keys: facts.methods
            ? Object.entries(facts.methods).map(([key, currencies]) => ({
                key,
                currencies: currencies === 'any' ? null : [...currencies],
              }))
            : null,
        };
      }),
    };
  }

  // ---- The list ----

  private async items(
    db: Db,
    filter: { gameBaseId?: number; id?: number; currency?: string },
    lang: string,
  ): Promise<PayAdminChannelItem[]> {
    const rows = (await new CatalogRepository(db).channels(filter, languagesFor(lang))).map((r) => ({
      ...r,
      lang: r.lang ?? '',
    }));
    const picked = pickLanguage(rows, lang, (r) => r.channel.id);
    const names = await new ChannelAuthoringRepository(db).names(picked.map((r) => r.channel.id));
    return picked.map(({ channel, name }) =>
      this.item(
        channel,
        name,
        Object.fromEntries(names.filter((n) => n.payChannelId === channel.id).map((n) => [n.lang, n.name])),
      ),
    );
  }

  private item(channel: PayChannelRow, name: string | null, names: Names): PayAdminChannelItem {
    const inUse = effectiveProvider(channel, this.d.providers);
    const reason = unpayableReason(channel, this.d.providers);
    return {
      pay_channel_id: channel.id,
      currency: channel.currency,
      pay_mode: channel.payMode as PayMode,
      payment_type: channel.paymentType,
      channel_name: name ?? channel.paymentType,
      is_open: bit(channel.isOpen),
      sort: channel.sort,
      updated_at: channel.updatedAt.toISOString(),
      provider: channel.provider,
      provider_in_use: inUse,
      method_keys: inUse === null ? [] : (channel.providerMethods[providerKind(inUse)] ?? []),
      min_amount: channel.minAmount,
      max_amount: channel.maxAmount,
      exponent: currencyExponent(channel.currency),
      names: Object.fromEntries(editLanguages.map((l) => [l, names[l] ?? null])) as Record<
        EditLanguage,
        string | null
      >,
      payable: bit(reason === null),
      unpayable_reason: reason,
    };
  }

  private async one(db: Db, id: number, lang: string): Promise<PayAdminChannelItem> {
    const [item] = await this.items(db, { id }, lang);
    if (!item) throw notFound();
    return item;
  }

  async list(
    input: { game_base_id: number; currency?: string | undefined },
    lang: string,
  ): Promise<PayAdminChannelItem[]> {
    if (!(await new CatalogRepository(this.d.db).inCatalog(input.game_base_id))) throw notFound();
    return this.items(
      this.d.db,
      {
        gameBaseId: input.game_base_id,
        ...(input.currency === undefined ? {} : { currency: input.currency }),
      },
      lang,
    );
  }

  // ---- On / off ----

  async setOpen(
    staff: AuthenticatedStaff,
    input: { pay_channel_id: number; is_open: 0 | 1 },
    lang: string,
  ): Promise<PayAdminChannelItem> {
    const open = input.is_open === 1;
    return inTransaction(this.d.db, async (tx) => {
      const repo = new CatalogRepository(tx);
      const channel = await repo.channelForUpdate(input.pay_channel_id);
      if (!channel) throw notFound();
      if (channel.isOpen !== open) {
        if (open && unpayableReason(channel, this.d.providers) !== null) throw notPayableHere();
        await repo.setChannelOpen(channel.id, open, this.d.now());
        // The channel's id means nothing to a reader of the log; what it is does.
        const which = {
          game_base_id: channel.gameBaseId,
          currency: channel.currency,
          pay_mode: channel.payMode,
          payment_type: channel.paymentType,
        };
        await audit.record(tx, {
          actor: staff,
          action: 'pay.channel',
          target: { type: 'pay_channel', id: channel.id },
          before: { ...which, is_open: bit(channel.isOpen) },
          after: { ...which, is_open: bit(open) },
        });
      }
      return this.one(tx, channel.id, lang);
    });
  }

  // ---- Create and edit ----

  /**
   * The row an edit makes of a channel in `currency` (its provider methods merged into `current`), after the
   * field checks; -40320 when it would be switched on but cannot be paid here. The catalog import checks its
   * file's channels with it too.
   */
  setupOf(edit: ChannelEdit, currency: string, current: Record<string, string[]>): ChannelSetup {
    // A provider this code knows, or one of its accounts (`stripe.th`): set up here or not yet.
    if (edit.provider !== null && !knownKindOf(edit.provider)) throw fieldIssue('provider', 'unknown');
    if (edit.min_amount !== null && edit.max_amount !== null && edit.max_amount < edit.min_amount)
      throw fieldIssue('max_amount', 'below_min');
    const keys = [...new Set(edit.method_keys)];
    const name = effectiveProvider(edit, this.d.providers);
    const provider = name === null ? undefined : knownKindOf(name);
    const providerMethods = { ...current };
    if (provider && providerFacts[provider].methods !== null) {
      if (keys.length === 0) throw fieldIssue('method_keys', 'required');
      if (keys.some((k) => !(k in providerFacts[provider].methods!)))
        throw fieldIssue('method_keys', 'unknown');
      if (keys.some((k) => !methodTakes(provider, k, currency))) throw fieldIssue('method_keys', 'currency');
      providerMethods[provider] = keys;
    } else if (keys.length > 0) {
      throw fieldIssue('method_keys', 'not_taken');
    }
    const setup: ChannelSetup = {
      payMode: edit.pay_mode,
      paymentType: edit.payment_type,
      provider: edit.provider,
      providerMethods,
      minAmount: edit.min_amount,
      maxAmount: edit.max_amount,
      sort: edit.sort,
      isOpen: edit.is_open === 1,
    };
    if (setup.isOpen && unpayableReason({ ...setup, currency }, this.d.providers) !== null)
      throw notPayableHere();
    return setup;
  }

  private static namesOf(edit: ChannelEdit): Names {
    return ordered(
      Object.fromEntries(editLanguages.flatMap((l) => (edit.names[l] ? [[l, edit.names[l]]] : []))),
    );
  }

  async create(
    staff: AuthenticatedStaff,
    input: ChannelEdit & { game_base_id: number; currency: string },
    lang: string,
  ): Promise<PayAdminChannelItem> {
    const catalog = new CatalogRepository(this.d.db);
    if (!(await catalog.inCatalog(input.game_base_id))) throw notFound();
    if (!(await catalog.sellsIn(input.game_base_id, input.currency)))
      throw fieldIssue('currency', 'not_sold');
    const setup = this.setupOf(input, input.currency, {});
    const names = ChannelAuthoringService.namesOf(input);
    const key = { gameBaseId: input.game_base_id, currency: input.currency };
    try {
      return await inTransaction(this.d.db, async (tx) => {
        const repo = new ChannelAuthoringRepository(tx);
        if (await repo.taken({ ...key, payMode: setup.payMode, paymentType: setup.paymentType }))
          throw fieldIssue('payment_type', 'taken');
        const channel = await repo.insert({ ...key, ...setup }, this.d.now());
        await repo.setNames(channel.id, names);
        await audit.record(tx, {
          actor: staff,
          action: 'pay.channel.create',
          target: { type: 'pay_channel', id: channel.id },
          after: snapshot(channel, names),
        });
        return this.one(tx, channel.id, lang);
      });
    } catch (error) {
      // Two staff members creating the same channel at once: the second meets the unique key.
      if (isUniqueViolation(error)) throw fieldIssue('payment_type', 'taken');
      throw error;
    }
  }

  async save(
    staff: AuthenticatedStaff,
    input: ChannelEdit & { pay_channel_id: number },
    lang: string,
  ): Promise<PayAdminChannelItem> {
    const names = ChannelAuthoringService.namesOf(input);
    try {
      return await inTransaction(this.d.db, async (tx) => {
        const channel = await new CatalogRepository(tx).channelForUpdate(input.pay_channel_id);
        if (!channel) throw notFound();
        const repo = new ChannelAuthoringRepository(tx);
        const setup = this.setupOf(input, channel.currency, channel.providerMethods);
        const key = { gameBaseId: channel.gameBaseId, currency: channel.currency };
        if (await repo.taken({ ...key, payMode: setup.payMode, paymentType: setup.paymentType }, channel.id))
          throw fieldIssue('payment_type', 'taken');
        const before = snapshot(
          channel,
          ordered(Object.fromEntries((await repo.names([channel.id])).map((n) => [n.lang, n.name]))),
        );
        const after = snapshot({ ...channel, ...setup }, names);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await repo.update(channel.id, setup, this.d.now());
          await repo.setNames(channel.id, names);
          await audit.record(tx, {
            actor: staff,
            action: 'pay.channel.save',
            target: { type: 'pay_channel', id: channel.id },
            before,
            after,
          });
        }
        return this.one(tx, channel.id, lang);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldIssue('payment_type', 'taken');
      throw error;
    }
  }
}
