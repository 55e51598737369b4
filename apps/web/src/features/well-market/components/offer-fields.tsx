import { MAX_PRICE_CENTS } from '@caravanserai/api';
import { Input, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { OfferErrors, OfferValues } from '../lib/offer-form';

/** One of the user's own wells, which they may offer. */
export interface WellChoice {
  wellid: string;
  title: string;
  origin_loc: string;
}

/**
 * The owner's terms for an offer: which well, what renters should know, the price (only while the
 * server's payments are on; otherwise every offer is free), the monthly cap and the models.
 */
export function OfferFields({
  values,
  onChange,
  errors,
  wells,
  paymentsOn,
}: {
  values: OfferValues;
  onChange: (values: OfferValues) => void;
  errors: OfferErrors;
  wells: readonly WellChoice[];
  paymentsOn: boolean;
}) {
  const set = <K extends keyof OfferValues>(name: K, value: OfferValues[K]) =>
    onChange({ ...values, [name]: value });
  return (
    <Stack gap="sm">
      <Select
        label="Well"
        placeholder="Choose one of your wells"
        data={wells.map((well) => ({ value: well.wellid, label: `${well.title} (${well.origin_loc})` }))}
        value={values.wellid || null}
        onChange={(wellid) => set('wellid', wellid ?? '')}
        error={errors.wellid}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Description"
        description="What renters should know: what the model is good at, when to ask, who it is for."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      {paymentsOn ? (
        <NumberInput
          label="Price per million tokens"
          description="In dollars; 0 lends it for free. Each month's use is billed to the renter's card."
          prefix="$"
          min={0}
          max={MAX_PRICE_CENTS / 100}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          value={values.price}
          onChange={(price) => set('price', price)}
          error={errors.price}
        />
      ) : (
        <Input.Wrapper
          label="Price"
          description="Payments are off on this server, so only free offers are possible."
          error={errors.price}
        >
          <Text size="sm" mt={4}>
            Free
          </Text>
        </Input.Wrapper>
      )}
      <NumberInput
        label="Monthly token cap per renter"
        description="The most tokens (questions and answers) one renter may use in a calendar month."
        min={1}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={values.cap}
        onChange={(cap) => set('cap', cap)}
        error={errors.cap}
      />
      <TextInput
        label="Allowed models"
        description="Optional: provider/model or provider/*, separated by commas. Left empty, renters get whichever model the well is set to."
        placeholder="openai/gpt-4o-mini, anthropic/*"
        value={values.models}
        onChange={(event) => set('models', event.currentTarget.value)}
        error={errors.models}
      />
    </Stack>
  );
}
