import type { Core } from '@strapi/strapi';
import admin, { type AdminContext } from './admin-controller';

type Controller = (context: {
  strapi: Core.Strapi;
}) => Record<string, (ctx: AdminContext) => Promise<void>>;

const controllers: Record<'admin', Controller> = { admin };

export default controllers;
