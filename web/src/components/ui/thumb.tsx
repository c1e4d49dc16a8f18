/** A small square picture of a product or design; a placeholder icon when there is none. */
export function Thumb({ src, alt = '', size = 40 }: { src: string | null | undefined; alt?: string; size?: number }) {
  return src ? (
    <img className="thumb" src={src} alt={alt} width={size} height={size} loading="lazy" />
  ) : (
    <span className="thumb thumb-empty" style={{ width: size, height: size }} aria-hidden="true">
      <i className="pi pi-image" />
    </span>
  );
}
