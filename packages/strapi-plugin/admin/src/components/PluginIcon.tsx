import { Sparkle } from '@strapi/icons';

export function PluginIcon() {
  return <Sparkle aria-hidden />;
}
