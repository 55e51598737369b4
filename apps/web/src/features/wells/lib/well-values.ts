import type { Well, WellCreate, WellTest } from '@caravanserai/api';
import { COMPATIBLE_PROVIDER, isCompatible, modelOf, providerOf } from './origin';

/** What the well form edits; `origin` is the select's value, `modelName` the typed model. */
export interface WellFormValues {
  title: string;
  apiKey: string;
  origin: string;
  modelName: string;
  modelUrl: string;
}

export const EMPTY_WELL_VALUES: WellFormValues = {
  title: '',
  apiKey: '',
  origin: '',
  modelName: '',
  modelUrl: '',
};

/** The manage form starts from the saved well; its key is the masked one, which means "keep it". */
export function wellFormValues(well: Well): WellFormValues {
  const compatible = isCompatible(well.origin_loc);
  return {
    title: well.title,
    apiKey: well.AUTH_MODEL_KEY ?? '',
    origin: well.origin_loc,
    modelName: compatible ? modelOf(well.origin_loc) : '',
    modelUrl: compatible ? (well.model_url ?? '') : '',
  };
}

/**
 * The request body. Other providers use their default address: it is left out while the provider
 * stays the same (a saved address is kept), and sent empty when the provider changes, so the
 * server does not keep calling the previous provider's address.
 */
export function wellBody(values: WellFormValues, savedOrigin = ''): WellCreate {
  const body: WellCreate = {
    title: values.title.trim(),
    AUTH_MODEL_KEY: values.apiKey.trim(),
    origin_loc: values.origin,
  };
  if (isCompatible(values.origin)) {
    body.origin_loc = `${COMPATIBLE_PROVIDER}/${values.modelName.trim()}`;
    body.model_url = values.modelUrl.trim();
  } else if (savedOrigin && providerOf(savedOrigin) !== providerOf(values.origin)) {
    body.model_url = '';
  }
  return body;
}

/** The server's field names -> the form's; origin errors of a typed model belong to the model name. */
export function serverFieldNames(values: WellFormValues): Record<string, string> {
  return {
    AUTH_MODEL_KEY: 'apiKey',
    model_url: 'modelUrl',
    origin_loc: isCompatible(values.origin) ? 'modelName' : 'origin',
  };
}

/** What "Test connection" sends: the values a save would send, less the title. */
export function wellTestBody(values: WellFormValues, savedOrigin = '', wellid?: string): WellTest {
  const { AUTH_MODEL_KEY, origin_loc, model_url } = wellBody(values, savedOrigin);
  const body: WellTest = { AUTH_MODEL_KEY, origin_loc };
  if (model_url !== undefined) body.model_url = model_url;
  // With the well's id, the masked key the manage form shows stands for the stored key.
  if (wellid) body.wellid = wellid;
  return body;
}

/** The fields a connection test needs; the model name matters only to an OpenAI-compatible server. */
export function testedFields(values: WellFormValues): (keyof WellFormValues)[] {
  return isCompatible(values.origin) ? ['apiKey', 'origin', 'modelName', 'modelUrl'] : ['apiKey', 'origin'];
}

/**
 * What a test result is about: provider, address and key. Choosing another model keeps the result
 * (and the server's model list, which is where the user picks it from).
 */
export function testSubject(values: WellFormValues): string {
  return [providerOf(values.origin), values.modelUrl.trim(), values.apiKey.trim()].join('\n');
}
