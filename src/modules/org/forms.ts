import { z } from 'zod';
import { departmentBodySchema, organizeBodySchema, positionBodySchema, userBodySchema } from '@/contracts/org';
import { rules } from '@/contracts/validation';

/**
 * The form resolvers: the shared request schemas (the server validates the same way), plus the
 * password a new user starts with, typed in clear and checked against the spec 5.1 rule; it is
 * hashed (like at sign-in) before it is sent.
 */
export const companyFormSchema = organizeBodySchema;
export const departmentFormSchema = departmentBodySchema;
export const positionFormSchema = positionBodySchema;
export const userEditFormSchema = userBodySchema;
export const userCreateFormSchema = userBodySchema.extend({
  password: z.string({ error: '密码不能为空' }).min(1, { error: '密码不能为空' }).regex(rules.password.pattern, { error: rules.password.message }),
});

export type CompanyFormInput = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;
export type DepartmentFormInput = z.input<typeof departmentFormSchema>;
export type DepartmentFormOutput = z.output<typeof departmentFormSchema>;
export type PositionFormInput = z.input<typeof positionFormSchema>;
export type PositionFormOutput = z.output<typeof positionFormSchema>;
export type UserFormInput = z.input<typeof userCreateFormSchema>;
export type UserFormOutput = z.output<typeof userEditFormSchema> & { password?: string };
