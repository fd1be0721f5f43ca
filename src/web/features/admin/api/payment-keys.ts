import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PaymentKeysStatusSchema, type PaymentKeysInput } from '../../../../shared/billing';
import { apiFetch } from '../../../lib/api';

const PATH = '/api/admin/settings/payment-keys';
export const paymentKeysKeys = { status: ['admin', 'payment-keys'] as const };

export const paymentKeysOptions = () =>
  queryOptions({ queryKey: paymentKeysKeys.status, queryFn: () => apiFetch(PATH, PaymentKeysStatusSchema) });

export const usePaymentKeysStatus = (enabled: boolean) => useQuery({ ...paymentKeysOptions(), enabled });

export function useSavePaymentKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentKeysInput) =>
      apiFetch(PATH, PaymentKeysStatusSchema, { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (status) => queryClient.setQueryData(paymentKeysKeys.status, status),
  });
}
