import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useOfferWell } from '../api/offer-well';
import {
  missingIn,
  NEW_OFFER,
  type OfferErrors,
  type OfferValues,
  offerBody,
  offerErrors,
} from '../lib/offer-form';
import { OfferFields, type WellChoice } from './offer-fields';

/**
 * Offering one of the user's own wells for rent. Renters query through it without ever seeing its
 * key; the owner can withdraw the offer, or end anyone's rental, at any time.
 */
export function OfferDialog({
  opened,
  onClose,
  wells,
  paymentsOn,
}: {
  opened: boolean;
  onClose: () => void;
  /** The user's own wells: not those a caravan shares with them, nor rented ones. */
  wells: readonly WellChoice[];
  paymentsOn: boolean;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [values, setValues] = useState<OfferValues>(NEW_OFFER);
  const [missing, setMissing] = useState<OfferErrors>({});
  const offer = useOfferWell();
  const server = offerErrors(offer.error);
  const errors = { ...server.fields, ...missing };

  const change = (next: OfferValues) => {
    setValues(next);
    setMissing({});
    offer.reset();
  };
  const close = () => {
    change(NEW_OFFER);
    onClose();
  };
  const submit = () => {
    const found = missingIn(values);
    setMissing(found);
    if (Object.keys(found).length > 0) return;
    offer.mutate(offerBody(values, paymentsOn), {
      onSuccess: (made) => {
        notifications.show({ color: 'teal', message: `“${made.well.title}” is offered for rent.` });
        close();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Offer a well" size="lg" fullScreen={phone}>
      {wells.length === 0 ? (
        <Stack gap="sm">
          <Text>You have no well of your own to offer yet.</Text>
          <Anchor component={Link} to={paths.wells.create.href()}>
            Create a well
          </Anchor>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Renters query through your well without ever seeing its key, within the cap and models you set.
              You can withdraw the offer, or end anyone’s rental, at any time.
            </Text>
            <OfferFields
              values={values}
              onChange={change}
              errors={errors}
              wells={wells}
              paymentsOn={paymentsOn}
            />
            {server.other.length > 0 && (
              <Alert color="red" variant="light" role="alert" title="Not offered">
                {server.other.join(' ')}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={offer.isPending}>
                Offer
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
