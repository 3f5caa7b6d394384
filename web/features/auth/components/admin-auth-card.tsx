import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/brand';
import { useAdminRegistrationInfo } from '../api/register';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/** /admin for visitors: one card that toggles between admin login and admin registration. */
export function AdminAuthCard() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const navigate = useNavigate();
  const info = useAdminRegistrationInfo();
  const goToDesign = () => navigate('/admin/design', { replace: true });

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: '#f1ece4' }}
    >
      <Paper
        variant="outlined"
        sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: '28px' }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <Logo size={56} />
          <Typography variant="overline" color="secondary">
            Drape Studio
          </Typography>
          <Typography variant="h2" component="h1">
            {mode === 'login' ? 'Admin login' : 'Admin register'}
          </Typography>
        </Stack>
        <ToggleButtonGroup
          exclusive
          fullWidth
          value={mode}
          onChange={(_, next) => next && setMode(next)}
          aria-label="Login or register"
          sx={{ mb: 3 }}
        >
          <ToggleButton value="login">Login</ToggleButton>
          <ToggleButton value="register">Register</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'login' ? (
          <LoginForm showRegisterLink={false} onSignedIn={goToDesign} />
        ) : info.data?.open === false ? (
          // Saying so up front beats a form that can only end in "not allowed".
          <Alert severity="info">
            Admin registration is closed. An administrator can add you from a signed-in admin
            account, or the shop owner can set a registration code.
          </Alert>
        ) : (
          <RegistrationForm
            isAdmin
            askAdminCode={info.data?.codeRequired ?? false}
            submitLabel="Register"
            onRegistered={goToDesign}
          />
        )}
      </Paper>
    </Box>
  );
}
