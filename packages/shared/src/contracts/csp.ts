import { z } from 'zod';

/** The legacy report-uri body browsers send with Content-Type application/csp-report. */
export const cspReportSchema = z.object({
  'csp-report': z.object({
    'document-uri': z.string().max(2000).optional(),
    'violated-directive': z.string().max(500).optional(),
    'effective-directive': z.string().max(500).optional(),
    'blocked-uri': z.string().max(2000).optional(),
    'source-file': z.string().max(2000).optional(),
    'line-number': z.number().optional(),
    'column-number': z.number().optional(),
    'original-policy': z.string().max(5000).optional(),
    disposition: z.string().max(50).optional(),
  }),
});

/** The Reporting API body (Content-Type application/reports+json). */
export const reportingApiBodySchema = z
  .array(
    z.object({
      type: z.string().max(100),
      url: z.string().max(2000).optional(),
      body: z.object({
        documentURL: z.string().max(2000).optional(),
        effectiveDirective: z.string().max(500).optional(),
        blockedURL: z.string().max(2000).optional(),
        sourceFile: z.string().max(2000).optional(),
        lineNumber: z.number().optional(),
        columnNumber: z.number().optional(),
        disposition: z.string().max(50).optional(),
      }),
    }),
  )
  .max(100);
