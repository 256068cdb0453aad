// The legal pages (about, disclaimer, privacy, terms) in every language the app speaks,
// complete templates with the operator's own details as `{{fields}}` (decision 182).
// en_au and en_in read the English text.
import type { LegalTexts } from './fields.ts';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { kr } from './kr.ts';
import { ms } from './ms.ts';
import { pt } from './pt.ts';
import { pt_br } from './pt_br.ts';
import { ru } from './ru.ts';
import { sl } from './sl.ts';
import { tw } from './tw.ts';

export const legalTemplates: Record<string, LegalTexts> = {
  en,
  en_au: en,
  en_in: en,
  it,
  ru,
  es,
  ar,
  kr,
  ja,
  pt,
  pt_br,
  tw,
  fr,
  de,
  sl,
  ms,
};

/**
 * The SHA-256 of every body the earlier seed wrote (one paragraph headed "Sample text",
 * per page and language): a page whose text is still one of them was never edited, and
 * the seed replaces it with the template once.
 */
export const FORMER_SAMPLE_BODIES: ReadonlySet<string> = new Set([
  'af627cc166ef7826243b7eecb945a1963f97559dad7bfbe2ce271c990f0f06e0', // en about
  'f4971ee74f158e24b20fdbb0be6f088a391f76cbda5948be2ddf58d1efdd6310', // en disclaimer
  '653843a69b1d333bc5c5269587ffafc35d7143a5dbd27d085e82ba8ecb3ff339', // en privacy
  'c38d09043d26867c253d97ac0536bbd19799f0ce347f54ba21eff13059983126', // en terms
  '5622640131dd01534974a32473516fcbdf3265184d2a6ca3098230a1d0fad3eb', // it about
  '9cea89c130fd76a01d74ba1b6916e6b25805b9f6617b2450b9c1ca412a599ee7', // it disclaimer
  '73351cdc4ade112dedee187f5888099c1d50580f666194c66cf0986f6be16219', // it privacy
  '9df2186541399df1e5b27dfe59b4c18c5b4b3baa3f0daa8528a82873c57ded35', // it terms
  '02e5b8d0348ee2ce819fae906423e787622d9b6731893a680e684624a3f68727', // ru about
  'be4c812b9363e22f39f2e993631f15da0f14ca434f65ed0679eb26e7dcdfa282', // ru disclaimer
  '7e29675515fa344f646e343c59eca42e255bd1fc2655ba2ecb2f3c1287cb0592', // ru privacy
  'fc044c1b0fce6b9ecf71bfdce99894174e9f1121737e40c7d12a9d77c8aaeacc', // ru terms
  'e46394b1632fc4752f87f9e97d076c08cdd057c0b1dd2a454499825ca51f5ed4', // es about
  'bce50ee188d08a45e8a54f6e3937db9d1918b23203882d145e07b9baf76c4489', // es disclaimer
  'e06497a6032ee948447c25e089536d810429162c0ba1727ce21d0adfd67efcee', // es privacy
  'dc6acfd3e0b0f79762e2b81f2181c2e73eea476d3bcde4686acf4258a5ec3341', // es terms
  'bbc1db6215c21e9aff350809ae1cf60e3b0570651994b93576608d76742c94d1', // ar about
  'eeb99e208a1460db8dcfffb77d26de421ba296f15099c2d2c4f2fbec53297cf0', // ar disclaimer
  'b922e16e46f171effd9f691d31f1c03300c3e7e8b0c584bd2e8037e11df76523', // ar privacy
  '209658cccd593341c74931c9d6a7f23e3959298677fc1f0c2206da6ebb0cd54e', // ar terms
  '9c1a32220735b0c224b7ecf93cfc64efa621597275ec94d645597315c0b1e5b8', // kr about
  'c6066c672bfd21b10d74cf9a6e9fadff32f5a49d72df8264f19c77b3d0df5402', // kr disclaimer
  '6387d9cb4dbe872b97641efce40c9e124c7b64cee6c9cf681439553df75907bd', // kr privacy
  '6b23c61d8f36583cd41f14b7a3dcce1e623528665678b714024847ff570d6874', // kr terms
  '936007b211f468cc2425a2f11b69d14e3cc7488c0dfbe42fe746d0ff8f4b3ef3', // ja about
  '9139b38d8511bad17aba0ccc8d8209568665a4585ca564afefafe869fab9e3c2', // ja disclaimer
  'de939a07182e26000a8dee2d08a1c20c8cfc397be5802d4cf12d0ba390593c52', // ja privacy
  '585aed8a158c1d8bc77b1d648c792248d5c38ce1982125d2f39f1be96d79cc67', // ja terms
  '22f1dc875d33e1d943362dfcc6bcb783f04107ab35fd8225a28a50ef7ce98133', // pt about
  'afaab83309d7ea7b1d232e98eb86886852a7af259945ed3281f3c52a5546e460', // pt disclaimer
  'dc07dce35baef83ba28984d66c8de832227fbabd8f0c2f8851c829346aacb730', // pt privacy
  'da06beec06a39a65dc2a61d74840e63fbe6ee47ce525d7b9eb06b5b54fabdb43', // pt terms
  '4ac0e483fed8b82d0fc862848abf0f1d0fd5ca0f0dca41277f4ce4716ba7d08b', // pt_br about
  '298c63007be424ff366d92fb3fd0e5c2dbeada69a78de33a09ea2a8821ca658d', // pt_br disclaimer
  '5a075c786691b5563327bb218a67a5fb1bfeba25b3ea0e59ab25906d147c392c', // pt_br privacy
  '740f6c6109c6df3b52b63f80cbc0383a95c89aac32885c71c8f544f354b28a6b', // pt_br terms
  'bf447dca90e6172106b4b6c1bfa73745016666c7372d2410e501c7c8931e6887', // tw about
  '6e793cd6bac1ec33e213b972c0655cf311b57ea21e561720c6a743f96ae39e37', // tw disclaimer
  'ba2151eb52355aeed6b36c3cbe9c9f2d6e41c50434f8695e8aec6b0747a81c73', // tw privacy
  'f2656da382fc14e24b9aaf94c62df39a02a9010df7ab3b166691074c30b19e3f', // tw terms
  '755c33df83e94b5c12dea9fd3c73982bd0342191092d538b05931d464bd7d5ad', // fr about
  '3f5f9804aece8f5f600124e5ce30d4bd8e7b64c52404dafc671bb6b379d8468d', // fr disclaimer
  'bdbf7b1dd528bce2398f24c319aaeb81517565094ae1c4466683f29607757076', // fr privacy
  '6c136fd7893439e69d17ab85c651ad789e932588f7ddab134c68712f65979196', // fr terms
  '84341ec02b2c7be093bb04d41467975001a02dde590c6150bba9234f36e80102', // de about
  '4d3d59ceb1e15754382c828fb248649b86a8dc0b40f9acd3649b98b30e487fd4', // de disclaimer
  '3d2b09b2b7cf04f3a964ca2b6b3d2e0ec1f7dddb0503fc65631522ae36498940', // de privacy
  '9b8a606db39b43fdc835872631dd6368b037118b95df60a3692a21e5ee0ad770', // de terms
  'c9d5b7b40ab8d206e1180011ff47b7f06a1f7504a1f2aef4a9bb7499d997e5ee', // sl about
  'd0a67971ad8dd41819558125e39c34b1f1d3fe279273d14f0b2c3d08ace3de03', // sl disclaimer
  '23b9d53562a22228942dde7133f9ab8a7bc77db684e1a47f57c426597d46c9f0', // sl privacy
  '58e796577550fb835d5925022f1dbaab6bc81c38c52524c0bec1e53a831d3919', // sl terms
  '9c8a0a9bf1443221d3fa8f83d14448aa2c39bf4c054cc2823ddb592cbb965e5e', // ms about
  'e6897cb53100a19a2e33625c2126ea7e6287d8bbef0d028e0e25046d61a7a59a', // ms disclaimer
  '9bf8161fcbb310a704ebf726ee12c863270ab680478895c805773b15d731b402', // ms privacy
  '47c6660af3a353e02832f24dd5fede4e40086836b1b17b83897ed64897c082b0', // ms terms
]);
