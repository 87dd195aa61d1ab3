import { sizedImage } from "../file-urls";
import { ActPlaceholder } from "#ui/act-placeholder";

/**
 * An act's photo in a slot of the given size, or its initials and kind of act where it has none.
 * Decorative (alt=""): the act's name is always beside it.
 */
export function ActPicture({
  act,
  width,
  height,
  className,
}: {
  act: { name: string; avatar: string | null; kind?: string | null };
  width: number;
  height: number;
  className: string;
}) {
  return act.avatar ? (
    <img
      {...sizedImage(act.avatar, width)}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      className={`${className} object-cover`}
    />
  ) : (
    <ActPlaceholder name={act.name} kind={act.kind} className={className} />
  );
}
