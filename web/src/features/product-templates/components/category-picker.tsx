import type { TreeNode } from 'primereact/treenode';
import { TreeSelect } from 'primereact/treeselect';
import { useMemo } from 'react';
import type { GetLocalTiktokCategoriesQuery } from '@/gql/graphql';
import { useTiktokCategories } from '../api/templates';

type Category = GetLocalTiktokCategoriesQuery['getLocalTiktokCategories'][number];

/** The flat list the API gives → a tree where only leaves can be chosen (TikTok lists on leaves). */
export function categoryTree(categories: Category[]): TreeNode[] {
  const byParent = new Map<string, Category[]>();
  const ids = new Set(categories.map((c) => c.id));
  for (const c of categories) {
    const parent = c.parentId && ids.has(c.parentId) ? c.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const build = (parent: string): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => {
        const children = c.isLeaf ? [] : build(c.id);
        return {
          key: c.id,
          label: c.name,
          selectable: c.isLeaf,
          leaf: c.isLeaf,
          ...(children.length ? { children } : {}),
          ...(c.isLeaf ? { data: 'leaf' } : { className: 'tree-branch' }),
        };
      });
  return build('');
}

/** "Clothing › Tops › T-shirts" for a category id. */
export function categoryPath(categories: Category[], id: string | null): string {
  if (!id) return '';
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let c = byId.get(id), guard = 0; c && guard < 20; c = c.parentId ? byId.get(c.parentId) : undefined, guard++) names.unshift(c.name);
  return names.join(' › ');
}

/** Expanded keys so the chosen category shows open in the tree. */
function ancestorsOf(categories: Category[], id: string | null): Record<string, boolean> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const open: Record<string, boolean> = {};
  for (let c = id ? byId.get(id) : undefined, guard = 0; c?.parentId && guard < 20; c = byId.get(c.parentId), guard++) open[c.parentId] = true;
  return open;
}

export interface CategoryPickerProps {
  value: string | null;
  onChange: (id: string | null) => void;
  inputId: string;
}

/** TikTok category of a template: the local copy of the tree, searchable, leaves only. */
export function CategoryPicker({ value, onChange, inputId }: CategoryPickerProps) {
  const categories = useTiktokCategories();
  const list = useMemo(() => categories.data ?? [], [categories.data]);
  const nodes = useMemo(() => categoryTree(list), [list]);
  const expanded = useMemo(() => ancestorsOf(list, value), [list, value]);
  const path = categoryPath(list, value);
  return (
    <div className="stack-sm">
      <TreeSelect
        inputId={inputId}
        value={value}
        options={nodes}
        onChange={(e) => onChange(typeof e.value === 'string' ? e.value : null)}
        filter
        filterBy="label"
        filterInputAutoFocus
        showClear
        placeholder={categories.isPending ? 'Loading categories…' : categories.isError ? 'Categories are unavailable' : 'Choose a category'}
        selectionMode="single"
        expandedKeys={expanded}
        className="w-full"
        panelClassName="category-panel"
        data-testid="category-picker"
        aria-label="TikTok category"
      />
      {path ? (
        <span className="muted small" data-testid="category-path">
          {path}
        </span>
      ) : null}
    </div>
  );
}
