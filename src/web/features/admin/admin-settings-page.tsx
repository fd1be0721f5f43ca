import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  PaymentKeysSchema,
  type PaymentKeyName,
  type PaymentKeysInput,
  type PaymentKeysStatus,
} from '../../../shared/billing';
import { href } from '../../../shared/routes';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/use-toast';
import { useAuth } from '../accounts/auth-context';
import { adminGate } from './components/admin-gate';
import { usePaymentKeysStatus, useSavePaymentKeys } from './api/payment-keys';

/** SPEC §3: each key is named after the payment provider, as its dashboard names it. */
const FIELDS: { name: PaymentKeyName; label: string; autoComplete: string }[] = [
  { name: 'publicKey', label: 'Flutterwave Public API Key', autoComplete: 'off' },
  { name: 'secretKey', label: 'Flutterwave Secret Key', autoComplete: 'off' },
  { name: 'encryptionKey', label: 'Flutterwave Encryption Key', autoComplete: 'off' },
  { name: 'webhookHash', label: 'Flutterwave Webhook Secret Hash (optional)', autoComplete: 'off' },
];

function webhookNote(status: PaymentKeysStatus | undefined): string {
  const set = status?.keys.find((k) => k.name === 'webhookHash')?.set;
  const base =
    'Optional. Webhooks are refused until a secret hash is set here or in the server environment; checkouts are still verified when the trader returns, but a payment whose browser closed first is only activated by the webhook. Left empty, the hash saved before is kept.';
  return set === false ? `Not set: webhooks are refused. ${base}` : `${keyHint(status, 'webhookHash')}. ${base}`;
}

const EMPTY: PaymentKeysInput = { publicKey: '', secretKey: '', encryptionKey: '', webhookHash: '' };

function keyHint(status: PaymentKeysStatus | undefined, name: PaymentKeyName): string {
  const key = status?.keys.find((k) => k.name === name);
  if (!key) return 'Checking...';
  if (!key.set) return 'Not set';
  const where = key.source === 'admin' ? 'saved here' : 'from the server environment';
  return key.last4 ? `Set, ending in ${key.last4} (${where})` : `Set (${where})`;
}

/** SPEC §2 Admin settings, for the admin role only; keys are never sent back, only whether they are set. */
export function AdminSettingsPage() {
  const { user, loading } = useAuth();
  const isAdmin = user?.role === 'admin';
  const status = usePaymentKeysStatus(isAdmin);
  const save = useSavePaymentKeys();
  const form = useForm<PaymentKeysInput>({ resolver: zodResolver(PaymentKeysSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const gate = adminGate({ loading, isAdmin });
  if (gate) return gate;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.reset(values);
      toast({ title: 'API Keys Saved', description: 'Your API keys have been securely stored.', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to save API keys. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">Admin Settings</h1>
      <p className="mt-2 text-sm">
        <Link to={href.adminEngine} className="text-primary underline-offset-4 hover:underline dark:text-blue-400">
          Engine Readings
        </Link>
        <span className="text-muted-foreground">
          : the chart engine&apos;s refusals and low-confidence answers by rule id
        </span>
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <div>
          <h2 className="flex items-center gap-2 text-xl font-semibold">
            <KeyRound className="h-5 w-5" aria-hidden /> Payment Configuration
          </h2>
          <p className="mt-2 text-muted-foreground">
            These keys let PipLens take Premium payments and verify each one with the payment provider before it
            activates a subscription. Saved keys take effect at once and replace the keys set in the server environment.
            {status.data?.mode === 'sandbox' &&
              ' This server runs in sandbox mode, so checkouts use the offline test checkout until it runs in live mode.'}
          </p>
          <div className="mt-6 rounded-xl border border-border bg-card p-6">
            <h3 className="text-lg font-semibold">Flutterwave API Configuration</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Enter your API keys. These will be securely stored and not visible to users.
            </p>
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 grid gap-4">
              {FIELDS.map((field) => (
                <PasswordField
                  key={field.name}
                  id={`admin-${field.name}`}
                  label={field.label}
                  autoComplete={field.autoComplete}
                  spellCheck={false}
                  error={errors[field.name]?.message}
                  hint={field.name === 'webhookHash' ? webhookNote(status.data) : keyHint(status.data, field.name)}
                  {...form.register(field.name)}
                />
              ))}
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save API Keys'}
              </Button>
            </form>
          </div>
        </div>
        <aside aria-labelledby="notes-heading" className="h-fit rounded-xl border border-border bg-card p-6">
          <h2 id="notes-heading" className="flex items-center gap-2 text-xl font-semibold">
            <ShieldCheck className="h-5 w-5" aria-hidden /> Important Notes
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-muted-foreground">
            <li>Keys are stored securely on the PipLens server, encrypted, and are never sent back to any browser.</li>
            <li>Secrets can also come from environment variables on the server; keys saved here take precedence.</li>
            <li>No key is kept in the code: these keys replace any key set when the server was configured.</li>
            <li>Regular security audits are recommended; every change of keys is recorded in the audit log.</li>
          </ul>
        </aside>
      </div>
    </section>
  );
}
