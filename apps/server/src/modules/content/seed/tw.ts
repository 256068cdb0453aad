// The demo content in Traditional Chinese (Taiwan); screen names as in locales/tw.json.
import type { DemoTexts } from './types.ts';

export const tw: DemoTexts = {
  'notice-welcome': {
    title: '歡迎來到 Olive：每一個數字都是真實賺來的',
    body: '機器人收益是真實網格策略的損益，每一筆餘額都是分錄的加總，您可以在**資金明細**中逐筆查看。\n\n本站目前使用**示範行情資料**：在營運者串接交易所之前，價格來自模擬器。',
  },
  'notice-maintenance': {
    title: '週日 02:00–02:30（UTC）例行維護',
    body: '維護期間入金仍會持續到帳，並於維護結束後立即入帳。維護期間申請的提領將於結束後送出。',
  },
  'notice-trc20': {
    title: 'TRC20 入金於 19 個確認後入帳',
    body: '為防範區塊鏈重組，TRC20 入金需達 19 個確認（約一分鐘）後才會入帳。',
  },
  'news-grid': {
    title: '網格機器人在盤整行情中如何運作',
    body: '網格機器人會在固定的價格區間掛出買單與賣單。當價格在區間內來回震盪時，每完成一組先買後賣，就賺得一格網格的價差（扣除手續費）。\n\n- 在**盤整**行情中，成交頻繁。\n- 在**趨勢**行情中，會持有部位並顯示未實現損益。\n\n請到機器人詳情分別查看兩者。',
  },
  'news-mining': {
    title: '為什麼我們公開每一筆挖礦收益的計算依據',
    body: '每日發放都會保存所使用的全網難度、區塊獎勵、BTC 價格與算力，任何人都能用公開的公式重新計算。',
  },
  'news-fund-password': {
    title: '安全提醒：資金密碼不是登入密碼',
    body: 'Olive 工作人員絕不會向您索取任何一組密碼。請設定一組不曾在其他地方使用的資金密碼；連續輸錯五次，提領將被鎖定 24 小時。',
  },
  'help-top-up': {
    title: '如何儲值 USDT？',
    body: '開啟**儲值**，選擇網路（ERC20、BEP20 或 TRC20），再將 USDT 轉到畫面顯示的地址。請只透過該網路轉入 USDT。達到畫面上列出的確認數後即會入帳。',
  },
  'help-withdraw': {
    title: '提領如何運作？',
    body: '先在**提領錢包**為每個網路儲存一次提領地址，再輸入金額與資金密碼。手續費會從提領金額中扣除。大額提領需經營運人員審核。',
  },
  'help-robots': {
    title: '機器人的收益從何而來？',
    body: '來自網格策略依市場價格進行的交易：虧損就顯示為虧損。預期日收益率是回測結果的中位數，屬於估計值，並非承諾。',
  },
  'help-fees': {
    title: '會收取哪些費用？',
    body: '每個網路的提領手續費、機器人成交時的交易手續費，以及結算時針對機器人正收益收取的績效費。所有費用都會顯示在**資金明細**中。',
  },
  'partner-tether': { detail: 'USDT 穩定幣' },
  'partner-ethereum': { detail: 'ERC20 網路' },
  'partner-bnb': { detail: 'BEP20 網路' },
  'partner-tron': { detail: 'TRC20 網路' },
};
