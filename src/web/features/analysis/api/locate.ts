import { useQuery } from '@tanstack/react-query';
import { ChartLocationResponseSchema, type Crop, type PixelBox } from '../../../../shared/crop';
import { apiFetch } from '../../../lib/api';
import { prepareUpload } from './prepare-upload';

export async function locateChart(file: Blob) {
  const form = new FormData();
  form.set('chartImage', await prepareUpload(file), 'chart');
  return apiFetch('/api/analyses/locate', ChartLocationResponseSchema, { method: 'POST', body: form });
}

/** A box in the picture's pixels as shares of its size (what the crop frame and the server speak). */
export const toShares = (box: PixelBox, size: { width: number; height: number }): Crop => ({
  left: box.left / size.width,
  top: box.top / size.height,
  right: box.right / size.width,
  bottom: box.bottom / size.height,
});

/** Where PipLens finds the chart in the chosen file: the crop it proposes (null: none found). */
export function useProposedCrop(file: File | null, key: string | null) {
  return useQuery({
    queryKey: ['locate-chart', key],
    queryFn: async () => {
      const found = await locateChart(file as File);
      return found.chart ? toShares(found.chart, found.image) : null;
    },
    enabled: file !== null && key !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
