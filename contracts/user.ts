import { z } from 'zod';
import { singleLineText } from './common';

const trimmed = (max: number, label: string) =>
  singleLineText(label, { error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

export const UsernameSchema = trimmed(40, 'Username')
  .min(3, 'Username must be at least 3 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores');

export const PasswordSchema = z
  .string({ error: 'Password must be text' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

/** Optional profile fields: an empty string from a form means "not given". */
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    trimmed(max, label).optional(),
  );

export const RegisterBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  firstName: optionalText(80, 'First name'),
  lastName: optionalText(80, 'Last name'),
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    singleLineText('Email').trim().max(254).email('Email must be a valid address').optional(),
  ),
  isAdmin: z.boolean().optional().default(false),
  /** Needed for isAdmin, the first admin included, when the server sets a code. */
  adminCode: z.string().max(200).optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  username: singleLineText('Username').trim().min(1, 'Username is required').max(40),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const AdminRegistrationInfoSchema = z.object({
  /**
   * True when the server sets ADMIN_REGISTRATION_CODE: a visitor registering an admin, the first
   * one included, must give it.
   */
  codeRequired: z.boolean(),
  /**
   * False when a visitor cannot become an admin at all: an admin exists and the server has no
   * code, so only a signed-in admin can add another.
   */
  open: z.boolean(),
});
export type AdminRegistrationInfo = z.infer<typeof AdminRegistrationInfoSchema>;
