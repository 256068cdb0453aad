// As páginas legais em português do Brasil, seção por seção como o modelo inglês.
import type { LegalTexts } from './fields.ts';

export const pt_br: LegalTexts = {
  fields: {
    company_name: 'nome da empresa',
    registered_address: 'sede',
    company_number: 'número de registro',
    support_email: 'e-mail de suporte',
    governing_law: 'lei aplicável',
    effective_date: 'data de entrada em vigor',
  },
  about: {
    title: 'Sobre nós',
    body: `## Quem somos

Esta plataforma é operada pela {{company_name}}, registrada com o número {{company_number}} e com sede em {{registered_address}}. Nestas páginas, “nós” significa a {{company_name}} e “você” a pessoa titular de uma conta.

## O que oferecemos

- **Robôs de negociação em grade** sobre BTC, ETH, BNB, SOL e TRX contra USDT. Um robô coloca ordens de compra e venda em níveis de preço fixos e ganha, ou perde, com as operações que de fato realiza.
- **Copy trading**: pode copiar um robô que outro investidor tornou público, com o seu próprio capital, e pagar ao dono a participação nos lucros indicada antes de copiar.
- **Aluguel de mineração**: aluga poder de cálculo por um número fixo de dias e recebe o que a fórmula pública de mineração dá com a dificuldade da rede e o preço do BTC de cada dia, menos a eletricidade.
- **Uma carteira USDT** nas redes ERC20, BEP20 e TRC20, para depósitos e saques.

## Como apresentamos os resultados

Cada valor que vê resulta de um mecanismo real: as transações de uma estratégia a preços de mercado, a fórmula pública do poder de cálculo ou comissões efetivamente cobradas. Cada saldo é a soma dos movimentos listados em Extrato de fundos. Uma perda é mostrada como perda. Valores esperados, backtests e previsões são estimativas e estão marcados como tal.

## Prova de reservas

Todos os dias publicamos uma prova de reservas: um resumo criptográfico do que devemos a todos os investidores, com o qual pode verificar que o seu saldo está incluído, comparado com os USDT que guardamos em custódia.

## Contato

Escreva para {{support_email}} ou use Fale conosco no aplicativo. Cartas podem ser enviadas para {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Aviso legal',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Nenhum aconselhamento de investimento

Nada nesta plataforma é aconselhamento de investimento, financeiro, jurídico ou fiscal, nem uma oferta de compra ou venda de qualquer ativo. Decida por conta própria e procure aconselhamento independente em caso de dúvida.

## Riscos dos robôs de negociação

Os preços dos ativos digitais são voláteis. Um robô em grade ganha quando o preço oscila dentro do seu intervalo; em uma tendência forte tem ativos que perdem valor, ou perde ganhos, e pode perder parte ou a totalidade do capital que você confia a ele. As saídas stop-loss e take-profit fecham ao preço de mercado, que pode ser pior do que o nível definido. Backtests e rendimentos esperados são calculados com dados passados e não são promessas. Cada execução paga comissões de negociação, e na liquidação é retida uma comissão de desempenho sobre o lucro realizado. Um robô que copia pode perder dinheiro como qualquer outro, e a participação paga ao dono é retirada do seu lucro realizado.

## Riscos do aluguel de mineração

Os ganhos de mineração seguem a fórmula pública com a dificuldade da rede, a recompensa de bloco e o preço do BTC de cada dia. A dificuldade costuma subir e o preço do BTC pode cair, pelo que um aluguel pode render menos do que custou, e um prazo inferior ao ponto de equilíbrio provavelmente perde dinheiro. Um aluguel dura o prazo fixo pago antecipadamente; não pode ser cancelado nem reembolsado a meio.

## Riscos da stablecoin e das redes

Os saldos são mantidos em USDT, uma stablecoin emitida por terceiros, que pode perder a paridade ou ser congelada pelo emissor. As redes blockchain podem ficar congestionadas, se dividir ou parar, e uma transferência enviada para um endereço ou rede errados não pode ser revertida.

## Resultados passados

Resultados passados, históricos, classificações e rankings não garantem resultados futuros. Investidores e robôs de demonstração estão marcados como tal e não são contas reais.

## Disponibilidade

Podemos suspender depósitos, saques, robôs ou aluguéis por manutenção, segurança ou razões legais. Fazemos o possível por manter o serviço, mas não prometemos que esteja sempre disponível ou isento de erros.

## A sua responsabilidade

Cabe a você decidir se estes produtos são adequados para você, pagar os impostos que se aplicam a você e usar a plataforma apenas onde a lei o permite.
`,
  },
  privacy: {
    title: 'Política de privacidade',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Responsável pelo tratamento

A {{company_name}} ({{registered_address}}, número de registro {{company_number}}) é responsável pelos dados pessoais aqui descritos. Questões e pedidos para {{support_email}}.

## O que coletamos

- **Conta**: endereço de e-mail ou número de telefone, nome de usuário, apelido, avatar, código de convite e patrocinador, senha e senha de fundos (guardadas apenas como hashes irreversíveis) e as configurações de autenticação de dois fatores.
- **Acessos e segurança**: hora, endereço IP e dispositivo dos inícios de sessão e das alterações de segurança, tentativas falhadas e bloqueios.
- **Dinheiro**: endereços de depósito e saque, transações na blockchain e cada movimento dos seus saldos, robôs, aluguéis, comissões e comissões de equipe.
- **Suporte**: as mensagens que nos envia.

## Para que os usamos

Para abrir e proteger a sua conta, fazer funcionar os seus robôs e aluguéis, creditar depósitos e enviar saques, pagar comissões de equipe, prevenir fraudes e lavagem de dinheiro, responder a você e cumprir as nossas obrigações legais. Não vendemos os seus dados nem os usamos para publicidade.

## Quem os recebe

As redes blockchain (endereços e transações na blockchain são públicos por natureza), os prestadores que alojam os nossos servidores ou enviam os nossos e-mails e SMS, e as autoridades quando a lei o exige. Cada prestador recebe apenas o que a sua tarefa exige. O seu patrocinador vê a sua conta mascarada e os números da sua equipe, nunca a sua identidade completa.

## Prova de reservas

A prova de reservas publicada não contém nomes, e-mails nem saldos exatos: cada saldo é dividido em várias partes ocultas, de modo que ninguém consegue ler nela o que tem.

## Por quanto tempo os guardamos

- Os dados da conta: enquanto a conta estiver aberta e, depois, durante o tempo que a lei exigir.
- Os registros de acesso e segurança: durante o tempo necessário para proteger as contas e investigar incidentes.
- Movimentos, depósitos, saques e comissões: durante o prazo que a lei sobre registros financeiros e contábeis exige, mesmo depois do encerramento da conta. Um movimento nunca é alterado nem excluído; uma correção é um novo movimento.

## Os seus direitos

Pode pedir acesso aos dados que temos sobre você, a retificação dos incorretos, a exclusão quando a lei o permita, uma cópia dos seus dados, e se opor a um uso ou limitá-lo. Os registros que a lei nos obriga a guardar não podem ser excluídos antes do fim do prazo. Escreva para {{support_email}}; respondemos no prazo legal. Pode também apresentar reclamação à autoridade de proteção de dados do seu país.

## Segurança

As senhas são guardadas como hashes irreversíveis, as conexões são criptografadas, a nossa equipe analisa os saques acima de certos montantes e as ações da equipe na console ficam em um registro de auditoria.

## Alterações

Publicaremos aqui qualquer alteração desta política com uma nova data de entrada em vigor e avisaremos você no aplicativo das alterações importantes.
`,
  },
  terms: {
    title: 'Termos de serviço',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Acordo

Estes termos são um acordo entre você e a {{company_name}}, número de registro {{company_number}}, {{registered_address}}. Ao abrir uma conta ou usar a plataforma, aceita-os, juntamente com o Aviso legal e a Política de privacidade.

## Requisitos

Você precisa ser maior de idade e plenamente capaz, e não pode usar a plataforma onde a lei do seu país o proíba ou onde não a disponibilizamos. Abre uma única conta, para você, com dados verdadeiros.

## A sua conta e a sua segurança

Mantenha em segredo a senha, a senha de fundos e o dispositivo de dois fatores, e use uma senha de fundos que não use em nenhum outro lugar. Tudo o que for feito com as suas credenciais é considerado feito por você. Avise-nos imediatamente em {{support_email}} se achar que a sua conta está em risco. Cinco senhas de fundos erradas bloqueiam os saques por 24 horas.

## Depósitos e custódia

Mantemos os USDT dos investidores nas redes ERC20, BEP20 e TRC20, em carteiras que controlamos, e registramos a parte de cada investidor no nosso livro-razão. Envie apenas USDT na rede do seu endereço de depósito; um depósito é creditado após as confirmações indicadas no aplicativo, e um depósito abaixo do mínimo é mostrado mas não creditado. O seu saldo é um crédito sobre nós por esse montante de USDT.

## Saques

Um saque é pago para o endereço que guardou para a sua rede, menos a comissão de saque mostrada antes de confirmar, dentro do limite diário. O montante é congelado no pedido. A nossa equipe analisa os saques acima de certo montante, e os maiores exigem duas aprovações. Podemos reter ou recusar um saque enquanto o verificamos quanto a fraude, lavagem de dinheiro ou ordem legal; um saque recusado devolve o montante e a comissão ao seu saldo.

## Robôs e copy trading

Um robô negoceia o capital que você confia a ele segundo as configurações que escolhe. Cada execução paga comissões de negociação. Na liquidação, o lucro realizado é somado ao seu saldo menos a comissão de desempenho mostrada no aplicativo; ao parar um robô, as posições são fechadas ao preço de mercado e o capital, mais ou menos o resultado, é devolvido a você. Se copiar um robô, paga também ao dono a participação indicada sobre o seu lucro realizado acima do seu máximo anterior. Podemos desativar um robô ou fechar um mercado por segurança.

## Aluguel de mineração

Um aluguel é pago antecipadamente por um número fixo de dias e rende cada dia o que a fórmula publicada dá, menos a eletricidade, nunca abaixo de zero. Termina no fim do prazo, salvo renovação.

## Comissões

As comissões aplicáveis são mostradas no aplicativo antes de agir, e cada comissão paga aparece em Extrato de fundos. Podemos alterar as comissões para o futuro e vamos anunciar; uma alteração nunca se aplica a uma comissão já cobrada.

## Usos proibidos

Não pode usar a plataforma para lavagem de dinheiro, financiamento do terrorismo, fraude ou evasão a sanções, com fundos que não sejam seus, através de acessos automatizados não autorizados, para atacar ou sondar os nossos sistemas, nem para manipular classificações, convites ou comissões.

## Suspensão e encerramento

Podemos congelar, limitar ou encerrar uma conta que viole estes termos, quando a lei o exija ou para proteger você ou a outros investidores, e indicaremos o motivo salvo se a lei o proibir. Pode encerrar a sua conta a qualquer momento depois de sacar o saldo.

## Limites da nossa responsabilidade

Respondemos pelas perdas causadas por culpa nossa nos termos da lei. Não respondemos por perdas de mercado, pelo resultado de um robô ou de um aluguel, pela atuação das redes blockchain ou dos emissores de stablecoins, nem por acontecimentos fora do nosso controlo razoável. Nada nestes termos limita uma responsabilidade que a lei não permita limitar.

## Alterações a estes termos

Podemos alterar estes termos. Publicaremos aqui a nova versão com a sua data de entrada em vigor e avisaremos você no aplicativo antes de uma alteração importante se aplicar. Se não concordar, pode encerrar a sua conta.

## Lei aplicável

Estes termos são regidos por {{governing_law}}. Os litígios cabem aos tribunais designados por essa lei, sem prejuízo do seu direito, como consumidor, de recorrer aos tribunais do seu local de residência.

## Contato

{{company_name}}, {{registered_address}}. E-mail: {{support_email}}.
`,
  },
};
