import type * as React from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';
import { avatarColorIndex, initials } from '../lib/avatar';

const colorClasses = [
  'bg-avatar-1',
  'bg-avatar-2',
  'bg-avatar-3',
  'bg-avatar-4',
  'bg-avatar-5',
  'bg-avatar-6',
] as const;

export const avatarVariants = cva('relative flex shrink-0 overflow-hidden rounded-full', {
  variants: {
    size: { sm: 'size-7 text-xs', default: 'size-9 text-sm', lg: 'size-14 text-lg' },
  },
  defaultVariants: { size: 'default' },
});

export type AvatarProps = Omit<React.ComponentProps<typeof AvatarPrimitive.Root>, 'children'> & {
  name: string;
  /** Photo URL; initials are shown when absent or while it fails to load. */
  src?: string | null;
  size?: 'sm' | 'default' | 'lg';
};

export function Avatar({ name, src, size, className, ...props }: AvatarProps) {
  const colorIndex = avatarColorIndex(name);
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      data-color={colorIndex + 1}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      {src ? (
        <AvatarPrimitive.Image
          data-slot="avatar-image"
          src={src}
          alt={name}
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback
        data-slot="avatar-fallback"
        role="img"
        aria-label={name}
        className={cn(
          'flex size-full items-center justify-center rounded-full font-semibold text-avatar-foreground',
          colorClasses[colorIndex],
        )}
      >
        <span aria-hidden="true">{initials(name)}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
