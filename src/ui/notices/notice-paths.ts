// Where the notification centre lives: the account area's Messages page (spec "accountMessage").
export const NOTICE_CENTRE_PATH = '/account/accountMessage';
