import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Address } from '../../../contracts/shipping';
import { Page } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useAddresses } from '../../features/shipping/api/get-addresses';
import { useSetPreferredAddress } from '../../features/shipping/api/set-preferred-address';
import { AddressDialog } from '../../features/shipping/components/address-dialog';
import {
  AddressRadioList,
  addressRadioId,
} from '../../features/shipping/components/address-radio-list';
import { RemoveAddressDialog } from '../../features/shipping/components/remove-address-dialog';
import { shippingReturnPath } from '../../features/shipping/components/return-to';
import { messageOf } from '../../lib/error-message';
import { useNotify } from '../../lib/notify';

/** SPEC's Shipping: a radio list of addresses, Confirm, Add, and Edit and Remove that work. */
export default function ShippingRoute() {
  const addresses = useAddresses();
  const setPreferred = useSetPreferredAddress();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [choice, setChoice] = useState<number | null>(null);
  // A dialog keeps what it opened with while it closes, so its words do not change as it fades.
  const [editing, setEditing] = useState<{
    open: boolean;
    address: Address | null;
    first: boolean;
  }>({ open: false, address: null, first: false });
  const [removing, setRemoving] = useState<{ open: boolean; address: Address | null }>({
    open: false,
    address: null,
  });
  // A dialog that took away the button it opened from (a removed row's Remove, the empty list's
  // Add) cannot hand focus back: it goes here instead, once the list shows the change.
  const [refocus, setRefocus] = useState<
    { to: 'added'; id: number } | { to: 'removed'; id: number; at: number } | null
  >(null);
  const addFirst = useRef<HTMLButtonElement>(null);

  const list = addresses.data ?? [];
  const edit = (address: Address | null) =>
    setEditing({ open: true, address, first: list.length === 0 });
  const removed = (address: Address) => {
    const at = list.findIndex((a) => a.id === address.id);
    setRefocus({ to: 'removed', id: address.id, at: Math.max(at, 0) });
  };

  useEffect(() => {
    if (!refocus || !addresses.data) return;
    const shown = addresses.data.some((a) => a.id === refocus.id);
    if (shown !== (refocus.to === 'added')) return;
    setRefocus(null);
    // After a removal, the row that took its place, else the new last row, else Add.
    const next =
      refocus.to === 'added'
        ? refocus.id
        : addresses.data[Math.min(refocus.at, addresses.data.length - 1)]?.id;
    if (next === undefined) addFirst.current?.focus();
    else document.getElementById(addressRadioId(next))?.focus();
  }, [refocus, addresses.data]);

  // Until the shopper picks, the preferred address is the choice.
  const selected =
    choice !== null && list.some((a) => a.id === choice)
      ? choice
      : (list.find((a) => a.preferred)?.id ?? null);

  const addButton = (
    <Button variant="outlined" startIcon={<Add />} onClick={() => edit(null)}>
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
          <Button ref={addFirst} variant="contained" startIcon={<Add />} onClick={() => edit(null)}>
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
          onEdit={edit}
          onRemove={(address) => setRemoving({ open: true, address })}
        />
        <Button
          variant="contained"
          size="large"
          disabled={selected === null || setPreferred.isPending}
          onClick={() => {
            if (selected === null) return;
            setPreferred.mutate(selected, {
              onSuccess: () => navigate(shippingReturnPath(location.state)),
              onError: (error) => notify(messageOf(error, 'That did not save.'), 'error'),
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
        open={editing.open}
        address={editing.address}
        isFirst={editing.first}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={(saved) => {
          // A new address is the one to ship to; an edit leaves the shopper's pick alone.
          if (!editing.address) setChoice(saved.id);
          if (editing.first) setRefocus({ to: 'added', id: saved.id });
          notify(`Saved ${saved.nickname}`, 'success');
        }}
      />
      <RemoveAddressDialog
        open={removing.open}
        address={removing.address}
        onClose={() => setRemoving((r) => ({ ...r, open: false }))}
        onRemoved={removed}
      />
    </Page>
  );
}
