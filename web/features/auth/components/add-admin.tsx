import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RegistrationForm } from './registration-form';

/** A signed-in admin adds a colleague as an administrator, and stays signed in as themselves. */
export function AddAdmin() {
  const [added, setAdded] = useState<string | null>(null);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: { xs: 1.5, sm: 2, md: 3 }, py: { xs: 2, md: 3 } }}>
      <Typography variant="h3" component="h1">
        Add an administrator
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: '0.88rem', mt: 0.5, mb: 2 }}>
        Choose their username and a first password, and tell them both. They design outfits and can
        add administrators too.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        {/* On the page before its message, so a screen reader hears the message arrive. */}
        <div role="status">
          {added && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {added} can now sign in at /admin
            </Alert>
          )}
        </div>
        <RegistrationForm
          isAdmin
          signIn={false}
          submitLabel="Add administrator"
          onRegistered={(user) => setAdded(user.username)}
        />
      </Paper>
    </Box>
  );
}
