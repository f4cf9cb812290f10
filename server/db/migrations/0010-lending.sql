-- Loans (issue 9, ADR 0017; wallet-account-earn.md "Loan"): the terms on offer (the page's
-- `timeset`), the loan agreement per language, the settings (USDT amount bounds, the four
-- collection addresses), the loan orders with the application form, and the repayments with
-- their voucher. No legacy behaviour is known (api-contract §11): this is Bourse's design.

-- Amount bounds of one loan (USDT) and where repayments are sent, one address per repayment
-- coin. Changeable with `npm run admin -- set KEY VALUE`. Demonstration addresses.
INSERT INTO settings (key, value) VALUES
  ('lending_min_amount', '100'),
  ('lending_max_amount', '50000'),
  ('lending_address_btc', 'bc1qjd5x8u7k2q9w6c3r0f4v8n2m7l5p9s3t6y4h0e'),
  ('lending_address_eth', '0x7a3f19c4e82b5d06a1f9c3e7b2d4086a5c1e9f3b'),
  ('lending_address_usdt_erc20', '0x4c9e2a7b1d5f8036e9a2c4b7d1f3e5a8c0b6d294'),
  ('lending_address_usdt_trc20', 'TQm7vX3kP9rW2sY5nB8cD4fG6hJ1LzA9eU');

-- The terms offered: `day` the term in days, `rate` the DAILY interest in percent (0.1 means
-- 0.1 % a day, as the lock-up products). interest = amount × rate ÷ 100 × day.
CREATE TABLE lending_terms (
  day INTEGER PRIMARY KEY,
  rate NUMERIC(36,18) NOT NULL,
  sort INTEGER NOT NULL DEFAULT 0,
  CHECK (day > 0 AND day <= 3650),
  CHECK (rate >= 0)
);
INSERT INTO lending_terms (day, rate, sort) VALUES
  (7, 0.15, 1),
  (15, 0.12, 2),
  (30, 0.1, 3),
  (60, 0.08, 4),
  (90, 0.07, 5);

-- The agreement the application form links to, per interface language: HTML made of p, ol,
-- li and strong only (the page sanitizes it all the same). One row per line, no quotes inside.
CREATE TABLE lending_agreements (
  lang TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  html TEXT NOT NULL
);
INSERT INTO lending_agreements (lang, title, html) VALUES
  ('en', 'Loan agreement', '<p>This agreement is concluded between you (the Borrower) and the platform (the Lender) when you submit a loan application after ticking “I have read and agree”.</p><ol><li><strong>Amount.</strong> The loan is granted in USDT, in the amount you enter, within the minimum and maximum shown on the page.</li><li><strong>Review.</strong> Every application is reviewed by the Lender, who may approve or reject it. Nothing is owed before approval.</li><li><strong>Disbursement.</strong> On approval the amount is credited to your spot account, and the term starts.</li><li><strong>Interest.</strong> Interest = amount × daily interest rate of the chosen term (in %) × days of the term. The repayment amount (amount plus interest) is fixed when you apply and shown in your loan records, with its due date.</li><li><strong>Repayment.</strong> Before the due date, send the repayment amount in BTC, ETH, USDT-ERC20 or USDT-TRC20 to the collection address shown, and submit a picture of the transfer voucher. BTC and ETH are converted at the live price when you submit. The loan is repaid once the Lender confirms receipt.</li><li><strong>Your information.</strong> You confirm that the phone number, address, age, income and country you give are true, and agree that they are used to review your application and to contact you about this loan.</li><li><strong>One loan at a time.</strong> You can apply again once your loan has been rejected or repaid.</li></ol>'),
  ('zh', '借贷协议', '<p>当您（借款人）勾选“我已阅读并同意”并提交借贷申请时，即与平台（出借人）订立本协议。</p><ol><li><strong>金额。</strong>借款以 USDT 发放，金额为您填写的金额，须在页面显示的最低和最高额度之内。</li><li><strong>审核。</strong>每笔申请均由出借人审核，出借人可批准或拒绝。批准之前您不承担任何债务。</li><li><strong>放款。</strong>申请批准后，借款金额计入您的币币账户，借款期限自此开始。</li><li><strong>利息。</strong>利息 = 借款金额 × 所选期限的日利率（%）× 期限天数。还款金额（本金加利息）在申请时确定，并与到期日一起显示在您的借贷记录中。</li><li><strong>还款。</strong>请在到期日前将还款金额以 BTC、ETH、USDT-ERC20 或 USDT-TRC20 转入页面显示的收款地址，并提交转账凭证图片。BTC 和 ETH 按提交时的实时价格折算。出借人确认收款后，借款即为已还清。</li><li><strong>您的信息。</strong>您确认所填写的电话、地址、年龄、收入和国家真实无误，并同意这些信息用于审核您的申请以及就本笔借款与您联系。</li><li><strong>每次一笔。</strong>当前借款被拒绝或已还清后，您才可以再次申请。</li></ol>'),
  ('hk', '借貸協議', '<p>當您（借款人）勾選「我已閱讀並同意」並提交借貸申請時，即與平台（出借人）訂立本協議。</p><ol><li><strong>金額。</strong>借款以 USDT 發放，金額為您填寫的金額，須在頁面顯示的最低及最高額度之內。</li><li><strong>審核。</strong>每筆申請均由出借人審核，出借人可批准或拒絕。批准之前您不承擔任何債務。</li><li><strong>放款。</strong>申請批准後，借款金額存入您的幣幣帳戶，借款期限自此開始。</li><li><strong>利息。</strong>利息 = 借款金額 × 所選期限的日利率（%）× 期限天數。還款金額（本金加利息）於申請時確定，並連同到期日顯示在您的借貸記錄中。</li><li><strong>還款。</strong>請在到期日前將還款金額以 BTC、ETH、USDT-ERC20 或 USDT-TRC20 轉入頁面顯示的收款地址，並提交轉帳憑證圖片。BTC 及 ETH 按提交時的即時價格折算。出借人確認收款後，借款即告還清。</li><li><strong>您的資料。</strong>您確認所填寫的電話、地址、年齡、收入及國家真實無誤，並同意這些資料用於審核您的申請及就本筆借款與您聯絡。</li><li><strong>每次一筆。</strong>目前的借款被拒絕或已還清後，您方可再次申請。</li></ol>'),
  ('jp', 'ローン契約', '<p>本契約は、お客様（借主）が「読んで同意しました」にチェックを入れてローンを申し込んだ時点で、お客様とプラットフォーム（貸主）との間に成立します。</p><ol><li><strong>金額</strong>　ローンは USDT で、お客様が入力した金額を、画面に表示された最低額と最高額の範囲内で貸し付けます。</li><li><strong>審査</strong>　すべての申込みは貸主が審査し、承認または却下します。承認されるまで返済義務は生じません。</li><li><strong>貸付の実行</strong>　承認されると金額がお客様の現物アカウントに入金され、その時点から期間が始まります。</li><li><strong>利息</strong>　利息 = 金額 × 選択した期間の日利率（%）× 期間の日数。返済額（元金と利息の合計）は申込み時に確定し、返済期日とともにローン記録に表示されます。</li><li><strong>返済</strong>　返済期日までに、返済額を BTC、ETH、USDT-ERC20 または USDT-TRC20 で表示された受取アドレスに送金し、送金証明の画像を提出してください。BTC と ETH は提出時のリアルタイム価格で換算します。貸主が受領を確認した時点で返済完了となります。</li><li><strong>お客様の情報</strong>　お客様は、入力した電話番号、住所、年齢、収入、国が真実であることを確認し、それらが申込みの審査と本ローンに関する連絡に使われることに同意します。</li><li><strong>同時に一件まで</strong>　現在のローンが却下されるか返済が完了すると、再度申し込むことができます。</li></ol>'),
  ('kr', '대출 약관', '<p>본 약관은 귀하(차입자)가 “읽고 동의합니다”에 체크하고 대출을 신청하는 때에 귀하와 플랫폼(대여자) 사이에 체결됩니다.</p><ol><li><strong>금액.</strong> 대출은 USDT로 지급되며, 금액은 귀하가 입력한 금액으로 화면에 표시된 최소 및 최대 한도 안에서 정해집니다.</li><li><strong>심사.</strong> 모든 신청은 대여자가 심사하며 승인하거나 거절할 수 있습니다. 승인 전에는 어떠한 채무도 발생하지 않습니다.</li><li><strong>지급.</strong> 승인되면 대출금이 귀하의 현물 계정에 입금되고 그때부터 대출 기간이 시작됩니다.</li><li><strong>이자.</strong> 이자 = 대출금 × 선택한 기간의 일 이율(%) × 기간 일수. 상환 금액(원금과 이자의 합)은 신청 시 확정되며 만기일과 함께 대출 기록에 표시됩니다.</li><li><strong>상환.</strong> 만기일 전에 상환 금액을 BTC, ETH, USDT-ERC20 또는 USDT-TRC20으로 표시된 수취 주소로 보내고 송금 증빙 사진을 제출하세요. BTC와 ETH는 제출 시점의 실시간 가격으로 환산됩니다. 대여자가 수령을 확인하면 상환이 완료됩니다.</li><li><strong>귀하의 정보.</strong> 귀하는 입력한 전화번호, 주소, 나이, 소득, 국가가 사실임을 확인하고, 이 정보가 신청 심사와 본 대출에 관한 연락에 사용되는 것에 동의합니다.</li><li><strong>한 번에 한 건.</strong> 현재 대출이 거절되거나 상환된 후에 다시 신청할 수 있습니다.</li></ol>'),
  ('spa', 'Contrato de préstamo', '<p>Este contrato se celebra entre usted (el Prestatario) y la plataforma (el Prestamista) cuando envía una solicitud de préstamo tras marcar “He leído y acepto”.</p><ol><li><strong>Importe.</strong> El préstamo se concede en USDT, por el importe que usted indique, dentro del mínimo y el máximo que muestra la página.</li><li><strong>Revisión.</strong> El Prestamista revisa cada solicitud y puede aprobarla o rechazarla. Antes de la aprobación no se debe nada.</li><li><strong>Desembolso.</strong> Al aprobarse, el importe se abona en su cuenta spot y comienza el plazo.</li><li><strong>Intereses.</strong> Intereses = importe × tipo de interés diario del plazo elegido (en %) × días del plazo. El importe a devolver (importe más intereses) se fija al presentar la solicitud y aparece en su historial de préstamos junto con la fecha de vencimiento.</li><li><strong>Devolución.</strong> Antes del vencimiento, envíe el importe a devolver en BTC, ETH, USDT-ERC20 o USDT-TRC20 a la dirección de cobro indicada y presente una imagen del comprobante de la transferencia. BTC y ETH se convierten al precio en tiempo real del momento del envío. El préstamo queda devuelto cuando el Prestamista confirma la recepción.</li><li><strong>Sus datos.</strong> Usted confirma que el teléfono, la dirección, la edad, los ingresos y el país indicados son verdaderos, y acepta que se utilicen para revisar su solicitud y para contactarle sobre este préstamo.</li><li><strong>Un préstamo a la vez.</strong> Podrá volver a solicitar cuando su préstamo haya sido rechazado o devuelto.</li></ol>'),
  ('de', 'Kreditvertrag', '<p>Dieser Vertrag kommt zwischen Ihnen (Kreditnehmer) und der Plattform (Kreditgeber) zustande, wenn Sie nach dem Ankreuzen von „Gelesen und einverstanden“ einen Kreditantrag absenden.</p><ol><li><strong>Betrag.</strong> Der Kredit wird in USDT gewährt, in der von Ihnen eingegebenen Höhe, innerhalb des auf der Seite angezeigten Mindest- und Höchstbetrags.</li><li><strong>Prüfung.</strong> Jeder Antrag wird vom Kreditgeber geprüft, der ihn genehmigen oder ablehnen kann. Vor der Genehmigung schulden Sie nichts.</li><li><strong>Auszahlung.</strong> Mit der Genehmigung wird der Betrag Ihrem Spot-Konto gutgeschrieben, und die Laufzeit beginnt.</li><li><strong>Zinsen.</strong> Zinsen = Betrag × Tageszinssatz der gewählten Laufzeit (in %) × Tage der Laufzeit. Der Rückzahlungsbetrag (Betrag plus Zinsen) wird bei der Antragstellung festgelegt und mit dem Fälligkeitsdatum in Ihren Kreditaufzeichnungen angezeigt.</li><li><strong>Rückzahlung.</strong> Senden Sie vor dem Fälligkeitsdatum den Rückzahlungsbetrag in BTC, ETH, USDT-ERC20 oder USDT-TRC20 an die angezeigte Empfangsadresse und reichen Sie ein Bild des Überweisungsbelegs ein. BTC und ETH werden zum aktuellen Kurs im Moment der Einreichung umgerechnet. Der Kredit ist zurückgezahlt, sobald der Kreditgeber den Eingang bestätigt.</li><li><strong>Ihre Angaben.</strong> Sie bestätigen, dass Telefonnummer, Adresse, Alter, Einkommen und Land wahr sind, und willigen ein, dass sie zur Prüfung Ihres Antrags und zur Kontaktaufnahme zu diesem Kredit verwendet werden.</li><li><strong>Ein Kredit zur Zeit.</strong> Sie können erneut einen Antrag stellen, sobald Ihr Kredit abgelehnt oder zurückgezahlt ist.</li></ol>'),
  ('pt', 'Contrato de empréstimo', '<p>Este contrato é celebrado entre si (o Mutuário) e a plataforma (o Mutuante) quando submete um pedido de empréstimo depois de assinalar “Li e aceito”.</p><ol><li><strong>Montante.</strong> O empréstimo é concedido em USDT, no montante que indicar, dentro do mínimo e do máximo apresentados na página.</li><li><strong>Análise.</strong> Cada pedido é analisado pelo Mutuante, que o pode aprovar ou recusar. Nada é devido antes da aprovação.</li><li><strong>Desembolso.</strong> Com a aprovação, o montante é creditado na sua conta spot e o prazo começa.</li><li><strong>Juros.</strong> Juros = montante × taxa de juro diária do prazo escolhido (em %) × dias do prazo. O montante a reembolsar (montante mais juros) é fixado no momento do pedido e apresentado nos seus registos de empréstimos, com a data de vencimento.</li><li><strong>Reembolso.</strong> Antes do vencimento, envie o montante a reembolsar em BTC, ETH, USDT-ERC20 ou USDT-TRC20 para o endereço de receção indicado e submeta uma imagem do comprovativo da transferência. BTC e ETH são convertidos ao preço em tempo real no momento da submissão. O empréstimo fica reembolsado quando o Mutuante confirmar a receção.</li><li><strong>Os seus dados.</strong> Confirma que o telefone, a morada, a idade, o rendimento e o país indicados são verdadeiros e aceita que sejam usados para analisar o seu pedido e para o contactar sobre este empréstimo.</li><li><strong>Um empréstimo de cada vez.</strong> Pode voltar a pedir quando o seu empréstimo tiver sido recusado ou reembolsado.</li></ol>'),
  ('ru', 'Договор займа', '<p>Настоящий договор заключается между вами (Заёмщиком) и платформой (Займодавцем), когда вы отправляете заявку на заём, отметив «Я прочитал(а) и согласен(на)».</p><ol><li><strong>Сумма.</strong> Заём предоставляется в USDT в указанной вами сумме, в пределах минимума и максимума, показанных на странице.</li><li><strong>Рассмотрение.</strong> Каждую заявку рассматривает Займодавец, который может её одобрить или отклонить. До одобрения вы ничего не должны.</li><li><strong>Выдача.</strong> После одобрения сумма зачисляется на ваш спотовый счёт, и с этого момента начинается срок займа.</li><li><strong>Проценты.</strong> Проценты = сумма × дневная ставка выбранного срока (в %) × число дней срока. Сумма к возврату (сумма займа плюс проценты) фиксируется при подаче заявки и показывается в истории займов вместе с датой погашения.</li><li><strong>Погашение.</strong> До даты погашения отправьте сумму к возврату в BTC, ETH, USDT-ERC20 или USDT-TRC20 на указанный адрес для оплаты и приложите изображение подтверждения перевода. BTC и ETH пересчитываются по текущему курсу на момент отправки. Заём считается погашенным, когда Займодавец подтвердит получение.</li><li><strong>Ваши данные.</strong> Вы подтверждаете, что указанные телефон, адрес, возраст, доход и страна достоверны, и соглашаетесь на их использование для рассмотрения заявки и для связи с вами по этому займу.</li><li><strong>Один заём одновременно.</strong> Подать новую заявку можно, когда текущий заём отклонён или погашен.</li></ol>');

-- Loan orders: the application form as sent, the term and rate agreed, and the figures fixed at
-- application (interest and repayment amount in USDT, rounded up to 6 decimals).
-- status: 0 under review, 1 approved (principal credited to change_balance, ledger type 100),
--   2 rejected (nothing moved).
-- repayment_status (meaningful while approved): 0 not repaid, 1 repaid, 2 repayment under review.
-- The combined `state` of the API: 0 review, 1 approved and owed, 2 rejected, 3 repayment under
-- review, 4 repaid.
CREATE TABLE loan_orders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  amount NUMERIC(36,18) NOT NULL,
  day INTEGER NOT NULL,
  rate NUMERIC(36,18) NOT NULL,
  interest NUMERIC(36,18) NOT NULL,
  repayment_amount NUMERIC(36,18) NOT NULL,
  tel TEXT NOT NULL,
  address TEXT NOT NULL,
  age INTEGER NOT NULL,
  income NUMERIC(36,18) NOT NULL,
  country TEXT NOT NULL,
  status SMALLINT NOT NULL DEFAULT 0,
  repayment_status SMALLINT NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  handled_at TIMESTAMPTZ,
  due_at TIMESTAMPTZ,
  repaid_at TIMESTAMPTZ,
  CHECK (amount > 0 AND day > 0 AND rate >= 0),
  CHECK (repayment_amount = amount + interest),
  CHECK (status IN (0, 1, 2)),
  CHECK (repayment_status IN (0, 1, 2)),
  CHECK (status = 1 OR repayment_status = 0)
);
CREATE INDEX loan_orders_user_idx ON loan_orders (user_id, id);
CREATE INDEX loan_orders_status_idx ON loan_orders (status, repayment_status, id);
-- At most one loan per user under review or not yet repaid.
CREATE UNIQUE INDEX loan_orders_open_idx ON loan_orders (user_id)
  WHERE status = 0 OR (status = 1 AND repayment_status <> 1);

-- Repayments: the coin chosen, the collection address shown, the USDT owed, the coin's USDT
-- price at submission (1 for USDT) and the payable amount in that coin (BTC and ETH: owed ÷
-- price rounded up to 6 decimals), the voucher (an /api/upload URL of the user).
-- status: 0 under review, 1 approved (the loan is repaid), 2 rejected (the loan is owed again).
CREATE TABLE loan_repayments (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES loan_orders(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  coin TEXT NOT NULL,
  address TEXT NOT NULL,
  repayment_amount NUMERIC(36,18) NOT NULL,
  price NUMERIC(36,18) NOT NULL,
  amount NUMERIC(36,18) NOT NULL,
  image TEXT NOT NULL,
  status SMALLINT NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  handled_at TIMESTAMPTZ,
  CHECK (coin IN ('btc', 'eth', 'usdt_erc20', 'usdt_trc20')),
  CHECK (price > 0 AND amount > 0),
  CHECK (status IN (0, 1, 2))
);
CREATE INDEX loan_repayments_order_idx ON loan_repayments (order_id, id);
CREATE INDEX loan_repayments_status_idx ON loan_repayments (status, id);
-- At most one repayment per loan under review.
CREATE UNIQUE INDEX loan_repayments_pending_idx ON loan_repayments (order_id) WHERE status = 0;
