import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { useUser } from '../../features/auth/api/get-user';
import { usePreferredAddress } from '../../features/shipping/api/get-addresses';
import { shippingFrom } from '../../features/shipping/components/return-to';
import { ZOOMED_PHONE } from '../../lib/zoomed';

/** The account menu's Settings: what a shopper can set, each a step away. */
export default function SettingsRoute() {
  const { data: user } = useUser();
  const preferred = usePreferredAddress();
  const address = preferred.address;
  const entries = [
    {
      to: '/shipping',
      state: shippingFrom('/settings'),
      icon: <LocalShippingOutlined />,
      primary: 'Shipping addresses',
      // What was read stays shown when reading it again fails.
      secondary: address ? (
        `Default: ${address.nickname}, ${address.city}`
      ) : preferred.isPending ? (
        <Skeleton width="60%" />
      ) : preferred.isError ? (
        'Your addresses could not be loaded just now'
      ) : (
        'Add where your orders go and choose a default'
      ),
    },
    {
      to: '/user',
      icon: <AccountCircleOutlined />,
      primary: 'Account',
      secondary: user ? `Signed in as ${user.username}${user.email ? ` · ${user.email}` : ''}` : '',
    },
    {
      to: '/orders',
      icon: <ReceiptLongOutlined />,
      primary: 'Orders',
      secondary: 'Your orders and their bills',
    },
  ];
  return (
    <Page title="Settings" subtitle="Your addresses, account and orders." maxWidth="sm">
      <Card>
        <List disablePadding>
          {entries.map((entry) => (
            <ListItemButton
              key={entry.to}
              component={RouterLink}
              to={entry.to}
              state={entry.state}
              divider
            >
              {/* At 200% zoom on a phone the words need the icon's room. */}
              <ListItemIcon sx={{ [ZOOMED_PHONE]: { display: 'none' } }}>{entry.icon}</ListItemIcon>
              <ListItemText
                primary={entry.primary}
                secondary={entry.secondary}
                sx={{ overflowWrap: 'break-word', minWidth: 0 }}
              />
              <ChevronRight color="action" aria-hidden />
            </ListItemButton>
          ))}
        </List>
      </Card>
    </Page>
  );
}
