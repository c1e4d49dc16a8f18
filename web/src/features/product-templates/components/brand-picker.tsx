import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { useState } from 'react';
import { useApiClient } from '@/lib/session';
import { brandsQueryOptions } from '../api/templates';

interface BrandOption {
  id: string;
  name: string;
}

/** A TikTok brand, searched by name on the marketplace (getTiktokBrands). */
export function BrandPicker({ value, onChange, inputId }: { value: string | null; onChange: (id: string | null) => void; inputId: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [suggestions, setSuggestions] = useState<BrandOption[]>([]);
  const [typed, setTyped] = useState<BrandOption | string | null>(null);
  // The name of a brand chosen earlier: the unfiltered list usually holds it.
  const known = useQuery({ ...brandsQueryOptions(client, ''), enabled: !!value && typed === null });
  const current = typed ?? (value ? (known.data?.find((b) => b.id === value) ?? { id: value, name: `Brand ${value}` }) : null);

  const search = async (query: string) => {
    try {
      const brands = await queryClient.fetchQuery(brandsQueryOptions(client, query.trim()));
      setSuggestions(brands.map((b) => ({ id: b.id, name: b.name })));
    } catch {
      setSuggestions([]);
    }
  };

  return (
    <AutoComplete
      inputId={inputId}
      value={current}
      suggestions={suggestions}
      field="name"
      completeMethod={(e) => void search(e.query)}
      onChange={(e) => {
        const v = e.value as BrandOption | string | null;
        setTyped(v ?? '');
        if (v === null || v === '') onChange(null);
        else if (typeof v === 'object') onChange(v.id);
      }}
      dropdown
      forceSelection
      placeholder="Search TikTok brands (optional)"
      className="w-full"
      inputClassName="w-full"
      data-testid="brand-picker"
    />
  );
}
