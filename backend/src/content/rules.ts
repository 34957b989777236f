import type { Core, Modules } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';

/**
 * Rules of the CMS content that Strapi's schema cannot express, checked on every write through the Document
 * Service (the admin panel, the REST API and the seed all go through it), so no saved version, draft or
 * published, breaks them. A broken rule answers 400 (`ValidationError`) with a message for the editor.
 */

/** A list of short labels stored in a JSON field (an article's tags). */
export const TagsSchema = z.array(z.string().trim().min(1).max(40)).max(20);

/** A plan's features: lines of the pricing card; `{freeDailyQuestions}` is replaced by the site. */
export const FeaturesSchema = z.array(z.string().trim().min(1).max(200)).max(20);

const ARTICLE = 'api::article.article';
const PLAN = 'api::plan.plan';
const WRITES: readonly string[] = ['create', 'update', 'clone'];

/**
 * Whether a write sets, removes or leaves a single media field, from the shapes the Document Service accepts
 * (an id, a file object, a list, or relation operations).
 *
 * @param value - the field's value in the write's `data`
 * @returns true when it sets a file, false when it removes it, undefined when it leaves it as it was
 */
export const mediaChange = (value: unknown): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value !== 'object') return true;
  if ('set' in value) return mediaChange(value.set) ?? false;
  if ('connect' in value && Array.isArray(value.connect) && value.connect.length > 0) return true;
  if ('disconnect' in value && Array.isArray(value.disconnect) && value.disconnect.length > 0) return false;
  if ('connect' in value || 'disconnect' in value) return undefined;
  return true;
};

const hasText = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * @param label - the field, as the editor sees it
 * @param schema - the list's schema
 * @param value - the value written (undefined: not part of this write)
 * @throws {errors.ValidationError} when the value is not such a list
 */
const checkList = (label: string, schema: z.ZodType, value: unknown): void => {
  if (value === undefined) return;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (item ${issue.path.join('.')})` : '';
    throw new errors.ValidationError(`${label} must be a JSON array of short, non-empty strings${where}`, {
      field: label,
    });
  }
};

/** The part of a write's params these rules read. */
const WriteParamsSchema = z.object({
  documentId: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/**
 * An article with a cover image needs a text alternative (`coverAlt`) for screen readers; tags, when given, are a
 * list of strings.
 *
 * @param strapi - the running Strapi instance (to read the draft an update changes)
 * @param params - the write's params
 * @throws {errors.ValidationError} when the article would break a rule
 */
const checkArticle = async (strapi: Core.Strapi, params: unknown): Promise<void> => {
  const { documentId, data = {} } = WriteParamsSchema.parse(params);
  checkList('tags', TagsSchema, data['tags']);

  let cover = mediaChange(data['cover']);
  let alt: unknown = data['coverAlt'];
  if ((cover === undefined || alt === undefined) && documentId !== undefined) {
    // A partial update: whatever it leaves unchanged comes from the draft (every write goes through the draft).
    const current = z
      .object({ coverAlt: z.string().nullable().optional(), cover: z.unknown().optional() })
      .nullable()
      .parse(await strapi.db.query(ARTICLE).findOne({ where: { documentId, publishedAt: null }, populate: ['cover'] }));
    cover ??= current?.cover !== undefined && current.cover !== null;
    if (alt === undefined) alt = current?.coverAlt;
  }
  if (cover === true && !hasText(alt)) {
    throw new errors.ValidationError('An article with a cover image needs coverAlt: a short description of the image', {
      field: 'coverAlt',
    });
  }
};

/**
 * Registers the rules as a Document Service middleware (in `register`, before anything writes).
 *
 * @param strapi - the Strapi instance being registered
 */
export const registerContentRules = (strapi: Core.Strapi): void => {
  const rules: Modules.Documents.Middleware.Middleware = async (context, next) => {
    if (WRITES.includes(context.action)) {
      if (context.uid === ARTICLE) await checkArticle(strapi, context.params);
      if (context.uid === PLAN) {
        const { data = {} } = WriteParamsSchema.parse(context.params);
        checkList('features', FeaturesSchema, data['features']);
      }
    }
    return next();
  };
  strapi.documents.use(rules);
};
