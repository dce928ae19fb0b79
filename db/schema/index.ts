export * from './enums';
export * from './accounts';
export * from './channels';
export * from './contacts';
export * from './conversations';
export * from './broadcasts';
export * from './flows';
export * from './webhooks';
