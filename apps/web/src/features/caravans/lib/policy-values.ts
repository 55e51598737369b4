import { AllowedModel, type CaravanPolicy, type CaravanPolicyUpdate } from '@caravanserai/api';

/** The policy form's fields: models one per line, each cap a number or '' for no cap. */
export interface PolicyFormValues {
  allowedModels: string;
  memberMonthlyQueries: number | '';
  memberMonthlyTokens: number | '';
  caravanMonthlyTokens: number | '';
  personalWells: boolean;
}

const capValue = (cap: number | null): number | '' => cap ?? '';
const capOf = (value: number | string): number | null =>
  value === '' || value === null ? null : Math.trunc(Number(value));

export function policyFormValues(policy: CaravanPolicy): PolicyFormValues {
  return {
    allowedModels: policy.allowed_models.join('\n'),
    memberMonthlyQueries: capValue(policy.member_monthly_queries),
    memberMonthlyTokens: capValue(policy.member_monthly_tokens),
    caravanMonthlyTokens: capValue(policy.caravan_monthly_tokens),
    personalWells: policy.personal_wells,
  };
}

export function modelLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Each line that is neither `provider/model` nor `provider/*`, with the reason, or null. */
export function validateModels(text: string): string | null {
  for (const line of modelLines(text)) {
    const parsed = AllowedModel.safeParse(line);
    if (!parsed.success) return `${line}: ${parsed.error.issues[0]?.message ?? 'not a valid model.'}`;
  }
  return null;
}

export function validateCap(value: number | ''): string | null {
  if (value === '') return null;
  return Number.isInteger(Number(value)) && Number(value) >= 0
    ? null
    : 'Enter a whole number from 0, or leave empty.';
}

export function policyUpdate(values: PolicyFormValues): CaravanPolicyUpdate {
  return {
    allowed_models: modelLines(values.allowedModels),
    member_monthly_queries: capOf(values.memberMonthlyQueries),
    member_monthly_tokens: capOf(values.memberMonthlyTokens),
    caravan_monthly_tokens: capOf(values.caravanMonthlyTokens),
    personal_wells: values.personalWells,
  };
}

/** A cap as people read it. */
export const capText = (cap: number | null): string => (cap === null ? 'no cap' : formatCount(cap));

/** A count as the page shows it: 100,000. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
