import { ApiError, type PaymentSource } from '@caravanserai/api';
import { Alert, Box, Button, Group, Input, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useAddCard } from '../api/add-card';
import { failureText } from '../lib/failure-text';
import { useStripeJs } from '../lib/stripe';
import classes from './card-field.module.css';

const CREATE_FAILED = 'Failed to create payment method.';
const REGISTER_FAILED = 'Failed to register payment method.';

interface AddCardFormProps {
  username: string;
  /** The server's STRIPE_PUBLISHABLE_KEY (GET /config/). */
  publishableKey: string;
  onAdded: (card: PaymentSource) => void;
}

/**
 * Adding a card: Stripe's card field turns the card into a payment method in the
 * browser (the card number never reaches our server), then the server attaches it to the user's
 * Stripe customer. Stripe.js is fetched when this form first shows.
 */
export function AddCardForm({ username, publishableKey, onAdded }: AddCardFormProps) {
  const stripe = useStripeJs(publishableKey);
  if (stripe.isPending) {
    return (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed">Loading the card field…</Text>
      </Group>
    );
  }
  if (stripe.isError) {
    return (
      <Alert color="yellow" variant="light" role="alert" title="The card field could not load.">
        Stripe&rsquo;s card form did not load, so no card can be added right now. Check your connection (or
        anything blocking js.stripe.com), then reload the page.
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe.data}>
      <CardForm username={username} onAdded={onAdded} />
    </Elements>
  );
}

function CardForm({ username, onAdded }: Omit<AddCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const addCard = useAddCard();
  const [createError, setCreateError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [focused, setFocused] = useState(false);
  const labelId = useId();
  const scheme = useComputedColorScheme('light');

  const options = useMemo(() => cardFieldOptions(scheme === 'dark'), [scheme]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || creating || addCard.isPending) return;
    setCreateError(null);
    addCard.reset();
    setCreating(true);
    try {
      const { error, paymentMethod } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) {
        setCreateError(error?.message ?? 'The card could not be read. Please check it and try again.');
        return;
      }
      addCard.mutate({ username, paymentMethodId: paymentMethod.id }, { onSuccess: onAdded });
    } catch {
      setCreateError('The card could not be sent to Stripe. Please check your connection and try again.');
    } finally {
      setCreating(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add a card">
      <Stack gap="md">
        {createError && (
          <Alert color="red" variant="light" role="alert" title={CREATE_FAILED}>
            {createError}
          </Alert>
        )}
        {addCard.isError && (
          <Alert color="red" variant="light" role="alert" title={REGISTER_FAILED}>
            {registerFailure(addCard.error)}
          </Alert>
        )}
        <Input.Wrapper
          label="Card details"
          labelProps={{ id: labelId, component: 'span' }}
          description="Card number, expiry, CVC and postal code. Stripe keeps the card; we never see its number."
        >
          <Box
            className={classes.field}
            data-focused={focused || undefined}
            role="group"
            aria-labelledby={labelId}
            mt={6}
          >
            <CardElement
              options={options}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
            />
          </Box>
        </Input.Wrapper>
        <Group>
          <Button type="submit" loading={creating || addCard.isPending} disabled={!stripe || !elements}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card field drawn in the app's colours (it lives in Stripe's frame, out of reach of our CSS). */
function cardFieldOptions(dark: boolean): StripeCardElementOptions {
  return {
    style: {
      base: {
        fontSize: '16px',
        color: dark ? '#c9c9c9' : '#212529',
        iconColor: dark ? '#c9c9c9' : '#495057',
        '::placeholder': { color: dark ? '#828282' : '#868e96' },
      },
      invalid: { color: '#fa5252', iconColor: '#fa5252' },
    },
  };
}

/** Stripe's reason when it refused the card ("Your card was declined."), else what went wrong. */
function registerFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason) return error.reason;
    if (error.detail && error.detail !== REGISTER_FAILED) return error.detail;
  }
  return failureText(error);
}
