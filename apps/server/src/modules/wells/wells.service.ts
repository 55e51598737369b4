import type { OwnWell, WellCreate, WellDetail, WellList, WellTest, WellUpdate } from '@caravanserai/api';
import type { z } from 'zod';
import type { Access } from '../../access/access.js';
import type { UsableWell } from '../../access/caravan-access.js';
import { now } from '../../db/columns.js';
import type { UserRow, WellRow } from '../../db/database.js';
import { Conflict, fieldError, ValidationFailed } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { maskKey, type SecretBox, shownHint } from '../../lib/secret-box.js';
import { ORIGIN_LOC_CHOICES, type Origin, parseOriginLoc } from '../../providers/registry.js';
import { checkModelUrl } from '../../providers/url-guard.js';
import type { CaravansRepository } from '../caravans/caravans.repository.js';
import type { RentalsRepository } from '../well-rental/rentals.repository.js';
import { toRentedWell, toSharedWell, toWell } from './wells.presenter.js';
import type { WellsRepository } from './wells.repository.js';

type CreateInput = z.output<typeof WellCreate>;
type UpdateInput = z.output<typeof WellUpdate>;
type TestInput = z.output<typeof WellTest>;

/** A well and the decrypted key, for the code that calls its provider. Never serialised. */
export interface CallableWell {
  row: WellRow;
  apiKey: string;
}

/** A well to query, its key opened, with the caravans that share it with the caller. */
export type QueryWell = CallableWell & Pick<UsableWell, 'own' | 'shares' | 'rental'>;

/** What a well with the form's values would call. Never serialised: it holds the key. */
export interface WellTarget {
  origin: Origin;
  baseURL: string;
  apiKey: string;
}

/** Wells are private to their owner; their keys are sealed at rest and only ever shown masked. */
export class WellsService {
  constructor(
    private readonly wells: WellsRepository,
    private readonly access: Access,
    private readonly box: SecretBox,
    private readonly allowedHosts: readonly string[],
    private readonly caravans: CaravansRepository,
    private readonly rentals: RentalsRepository,
  ) {}

  /** The user's wells, then those their caravans share with them (each once, marked with one caravan). */
  async list(user: UserRow): Promise<WellList> {
    const [own, shared, rented] = await Promise.all([
      this.wells.listByOwner(user.id),
      this.caravans.wellsSharedWith(user.id),
      this.rentals.rentedBy(user.id),
    ]);
    const ownIds = new Set(own.map((w) => w.wellid));
    const via = new Map<string, { caravan_id: string; name: string }>();
    for (const s of shared) if (!ownIds.has(s.wellid) && !via.has(s.wellid)) via.set(s.wellid, s);
    const renting = new Map<string, (typeof rented)[number]>();
    for (const r of rented)
      if (!ownIds.has(r.wellid) && !via.has(r.wellid) && !renting.has(r.wellid)) renting.set(r.wellid, r);
    const rows = await this.wells.findManyWithOwner([...via.keys(), ...renting.keys()]);
    const others = rows
      .sort((a, b) => a.title.localeCompare(b.title) || a.wellid.localeCompare(b.wellid))
      .map((row) => {
        const caravan = via.get(row.wellid);
        return caravan ? toSharedWell(row, caravan) : toRentedWell(row, renting.get(row.wellid)!);
      });
    return { wells: [...own.map(toWell), ...others], origin_loc_choices: ORIGIN_LOC_CHOICES };
  }

  async detail(user: UserRow, wellid: string): Promise<WellDetail> {
    const { well, own, shares, rental } = await this.access.caravans.usableWell(user, wellid);
    const shown = own
      ? toWell(well)
      : rental
        ? toRentedWell(well, rental)
        : toSharedWell(well, shares[0]!.caravan);
    return { wells: shown, origin_loc_choices: ORIGIN_LOC_CHOICES };
  }

  async create(user: UserRow, input: CreateInput): Promise<OwnWell> {
    const modelUrl = await this.resolveModelUrl(input.origin_loc, input.model_url);
    const at = now();
    const wellid = newId();
    await this.wells.insert({
      wellid,
      owner_id: user.id,
      title: input.title,
      origin_loc: input.origin_loc,
      model_url: modelUrl,
      key_ciphertext: this.box.seal(input.AUTH_MODEL_KEY),
      key_hint: maskKey(input.AUTH_MODEL_KEY),
      created_at: at,
      modified_at: at,
    });
    return toWell(await this.access.ownWell(user, wellid));
  }

  async update(user: UserRow, wellid: string, input: UpdateInput): Promise<OwnWell> {
    const current = await this.access.changeableWell(user, wellid);
    const originLoc = input.origin_loc ?? current.origin_loc;
    const urlGiven = input.model_url !== undefined || input.origin_loc !== undefined;
    const patch: Partial<WellRow> = { modified_at: now() };
    if (input.title !== undefined) patch.title = input.title;
    if (urlGiven) {
      patch.origin_loc = originLoc;
      patch.model_url = await this.resolveModelUrl(originLoc, input.model_url ?? current.model_url, current);
    }
    // The manage form sends back the masked key it was shown: that means "keep the stored key".
    if (input.AUTH_MODEL_KEY !== undefined && input.AUTH_MODEL_KEY !== shownHint(current.key_hint)) {
      patch.key_ciphertext = this.box.seal(input.AUTH_MODEL_KEY);
      patch.key_hint = maskKey(input.AUTH_MODEL_KEY);
    }
    await this.wells.update(wellid, patch);
    return toWell(await this.access.ownWell(user, wellid));
  }

  async remove(user: UserRow, wellid: string): Promise<void> {
    await this.access.changeableWell(user, wellid);
    const users = await this.wells.logbooksUsing(wellid, user.id);
    if (users.length > 0) {
      const names = users.map((l) => `'${l.title}' (${l.logid})`).join(', ');
      const count = users.length === 1 ? '1 logbook' : `${users.length} logbooks`;
      throw Conflict(
        `This well is used by ${count}: ${names}. Attach them to another well first.`,
        'well_in_use',
      );
    }
    await this.wells.delete(wellid);
  }

  /** A well the caller may query (theirs, or shared by a caravan) with its key opened, server-side only. */
  async forQuery(user: UserRow, wellid: string, field = 'wellid'): Promise<QueryWell> {
    const { well, own, shares, rental } = await this.access.caravans.usableWell(user, wellid, field);
    return { row: well, apiKey: this.box.open(well.key_ciphertext), own, shares, rental };
  }

  /** The caller's own well with its key opened (a connection test may send it elsewhere). */
  async callable(user: UserRow, wellid: string): Promise<CallableWell> {
    const row = await this.access.ownWell(user, wellid, 'wellid');
    return { row, apiKey: this.box.open(row.key_ciphertext) };
  }

  /**
   * What a well saved with these values would call, under the same rules as saving. With the
   * caller's wellid, an address left out and the masked key mean the stored ones, as in an update.
   */
  async target(user: UserRow, input: TestInput): Promise<WellTarget> {
    const saved = input.wellid === undefined ? undefined : await this.callable(user, input.wellid);
    const origin = this.originOf(input.origin_loc);
    const baseURL = await this.resolveModelUrl(
      input.origin_loc,
      input.model_url ?? saved?.row.model_url,
      saved?.row,
    );
    const keepsKey = saved !== undefined && input.AUTH_MODEL_KEY === shownHint(saved.row.key_hint);
    return { origin, baseURL, apiKey: keepsKey ? saved.apiKey : input.AUTH_MODEL_KEY };
  }

  private originOf(originLoc: string): Origin {
    const origin = parseOriginLoc(originLoc);
    if (!origin) throw fieldError('origin_loc', `"${originLoc}" is not a valid choice.`);
    return origin;
  }

  /**
   * The address the well will call: the provider's default unless the user gives another, which
   * must then pass the private-address check. OpenAI-compatible wells must give one.
   */
  private async resolveModelUrl(
    originLoc: string,
    given: string | undefined,
    current?: WellRow,
  ): Promise<string> {
    const origin = this.originOf(originLoc);
    let url = given?.trim().replace(/\/+$/, '') ?? '';
    // The previous provider's default address, kept by a form, means "the default" for the new one.
    if (current && url === parseOriginLoc(current.origin_loc)?.family.defaultBaseUrl) url = '';
    const defaultUrl = origin.family.defaultBaseUrl;
    if (url === '' || url === defaultUrl) {
      if (defaultUrl) return defaultUrl;
      throw fieldError(
        'model_url',
        'An OpenAI-compatible well needs the address of its server, e.g. http://127.0.0.1:11434/v1 for Ollama.',
      );
    }
    const problem = await checkModelUrl(url, this.allowedHosts);
    if (problem) throw ValidationFailed({ model_url: [problem] });
    return url;
  }
}
