import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Address } from '../../../contracts/shipping';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useAddresses } from '../../features/shipping/api/get-addresses';
import { useSetPreferredAddress } from '../../features/shipping/api/set-preferred-address';
import { AddressDialog } from '../../features/shipping/components/address-dialog';
import { AddressRadioList } from '../../features/shipping/components/address-radio-list';
import { RemoveAddressDialog } from '../../features/shipping/components/remove-address-dialog';
import { ApiRequestError } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/** SPEC's Shipping: a radio list of addresses, Confirm, Add, and Edit and Remove that work. */
export default function ShippingRoute() {
  const addresses = useAddresses();
  const setPreferred = useSetPreferredAddress();
  const navigate = useNavigate();
  const notify = useNotify();
  const [choice, setChoice] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ address: Address | null } | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);

  const list = addresses.data ?? [];
  // Until the shopper picks, the preferred address is the choice.
  const selected =
    choice !== null && list.some((a) => a.id === choice)
      ? choice
      : (list.find((a) => a.preferred)?.id ?? null);

  const addButton = (
    <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing({ address: null })}>
      Add
    </Button>
  );

  let body: React.ReactNode;
  if (addresses.isPending) body = <Loading label="Loading your addresses" />;
  else if (addresses.isError) {
    body = <ErrorState message={addresses.error.message} onRetry={() => addresses.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        title="No addresses yet"
        body="Add where your orders should go; you can keep several and pick one each time."
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ address: null })}
          >
            Add an address
          </Button>
        }
      />
    );
  } else {
    body = (
      <Stack sx={{ gap: 2.5 }}>
        <AddressRadioList
          addresses={list}
          value={selected}
          onChange={setChoice}
          onEdit={(address) => setEditing({ address })}
          onRemove={setRemoving}
        />
        <Button
          variant="contained"
          size="large"
          disabled={selected === null || setPreferred.isPending}
          onClick={() => {
            if (selected === null) return;
            setPreferred.mutate(selected, {
              onSuccess: () => navigate('/cart'),
              onError: (error) =>
                notify(
                  error instanceof ApiRequestError ? error.message : 'That did not save.',
                  'error',
                ),
            });
          }}
        >
          Confirm
        </Button>
      </Stack>
    );
  }

  return (
    <Page
      title="Shipping"
      subtitle="Choose where your order goes."
      maxWidth="sm"
      actions={list.length > 0 ? addButton : undefined}
    >
      {body}
      <AddressDialog
        open={editing !== null}
        address={editing?.address ?? null}
        isFirst={list.length === 0}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setChoice(saved.id);
          notify(`Saved ${saved.nickname}`, 'success');
        }}
      />
      <RemoveAddressDialog address={removing} onClose={() => setRemoving(null)} />
    </Page>
  );
}
