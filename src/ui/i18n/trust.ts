import { defineMessages } from './define';

/** Messages of verifiable randomness, private information, the log filters, luck statistics and tabs. */
export const trust = defineMessages({
  en: {
    'seed.commitment': 'Seed commitment',
    'seed.commitmentHelp':
      'Note these 16 characters now. When the seed is revealed, anyone can check it against them: the dice were fixed from the start.',
    'seed.reveal': 'Reveal the seed',
    'seed.confirmReveal': 'Revealing the seed lets anyone predict the dice that follow. Reveal it?',
    'seed.revealed': 'Seed: {seed}',
    'seed.hide': 'Hide the seed',
    'ceremony.choice': 'Seed of the dice',
    'ceremony.choiceDevice': 'Made by this device',
    'ceremony.choiceBoth': 'Made by both players (each gives a secret)',
    'ceremony.title': 'A seed both players make',
    'ceremony.intro':
      'Each player in turn gives a secret; its commitment is shown before the next player starts, and no secret is revealed until all are in. The seed is the hash of every secret and this device’s own random value, so nobody — the device’s holder included — chooses or knows it in advance.',
    'ceremony.device': 'This device’s commitment',
    'ceremony.committed': '{side} ({kind})',
    'ceremony.turn': 'The {side} player: your secret',
    'ceremony.how': 'How',
    'ceremony.kind.text': 'typed text',
    'ceremony.kind.dice': 'real dice typed in',
    'ceremony.kind.taps': 'taps timed by hand',
    'ceremony.kind.device': 'this device’s randomness',
    'ceremony.secretText': 'Type anything (it is hidden)',
    'ceremony.secretDice': 'Roll real dice and type the faces, e.g. 3 5 2 6 1',
    'ceremony.tap': 'Tap here, at uneven moments',
    'ceremony.taps': '{n} of at least {min} taps',
    'ceremony.private': 'The other player looks away. Only the commitment is shown after this.',
    'ceremony.commit': 'Commit my secret',
    'ceremony.allIn': 'Every commitment is in. Starting reveals all of them and makes the seed.',
    'ceremony.start': 'Reveal and start the game',
    'ceremony.made':
      'The seed was made by both players: it is the hash of these contributions, each committed before any was revealed. Verifying the game checks each against its commitment.',
    'ceremony.madeBy': 'Who committed what',
    'seal.title': 'Fingerprint of the game now',
    'seal.help':
      'It changes with every step and every undo. Note or photograph it when you stop: a file of this game that was cut short or changed no longer ends at it.',
    'seal.loading': 'Shown when the whole log has loaded.',
    'seal.turnEnd': 'Fingerprint of this turn’s end',
    'verify.end': 'The log ends at fingerprint {fingerprint} (step {n}).',
    'verify.whereEnd': 'the end of the log',
    'verify.chainOnly':
      '“{name}” was exported without its seed (commitment {commitment}) and without any random state, so nothing in it predicts a roll: its {n, plural, one {# step is} other {# steps are}} chained, every undo mark matches the undo steps, and the log ends at fingerprint {fingerprint}. Not checked until the seed is revealed: its dice, draws and results, and that each step starts from the random state the step before it left. The file exported with the seed verifies them.',
    'verify.sealUnchecked':
      'Its last step was made by an older version, whose steps hash their random states: where the log ends cannot be checked without the seed.',
    'verify.formerRules':
      '{n, plural, one {# step was} other {# steps were}} recorded under an older version of the game’s rules, and replayed under it.',
    'verify.writtenRules':
      '{n, plural, one {Step} other {Steps}} {steps} {n, plural, one {was} other {were}} recorded under older rules the game has corrected since: {n, plural, one {its dice match} other {their dice match}} the seed, {n, plural, one {its result is} other {their results are}} as written.',
    'verify.marksAsWritten':
      '{n, plural, one {# undone step was} other {# undone steps were}} made before undo was a step of the chain: their marks are as written.',
    'verify.joint':
      'Joint randomness: {n, plural, one {# roll or draw was} other {# rolls and draws were}} made from the values of {names}, each value checked against the chain its device committed to.',
    'verify.jointUnused':
      '{n, plural, one {# value was} other {# values were}} given by a device and never used in a step: a roll asked for and not made.',
    'verify.whereCeremony': 'the seed ceremony',
    'verify.noSeal': 'This file is in an older format and records no end: it cannot show whether it was cut short.',
    'verify.ok':
      '“{name}”: {n, plural, one {the # roll or draw matches} other {all # rolls and draws match}} the seed {fingerprint}.',
    'verify.okManual':
      '{n, plural, one {# step was} other {# steps were}} typed in from real dice or cups; they went through the same tables.',
    'verify.unverified':
      'The seed proves the dice, draws, results and their order; the time of each step, who acted, the turn noted with it and the game’s name are as written.',
    'verify.bad': 'This file does not match its seed: {where} — {reason}.',
    'verify.notGame': 'This is not a game file: {reason}.',
    'side.acting': 'Who is acting',
    'side.nobody': 'Nobody in particular',
    'filter.title': 'Show',
    'filter.turn': 'Turn',
    'filter.kind': 'Kind',
    'filter.side': 'Side',
    'filter.phase': 'Phase',
    'filter.all': 'All',
    'filter.none': 'No step matches these filters.',
    'kind.roll': 'Dice',
    'kind.resolution': 'Tables and combat',
    'kind.draw': 'Chit draws',
    'kind.cup': 'Cup changes',
    'kind.end-turn': 'End of turn',
    'kind.note': 'Notes',
    'kind.balance': 'Balanced randomness',
    'kind.joint': 'Joint randomness',
    'kind.undo': 'Undo',
    'kind.procedure': 'Game procedures',
    'private.drawFor': 'Draw face down for the {side} player',
    'private.otherSide': "The {side} player's step ({rule}): on the {side} phone or the table.",
    'private.hidden': 'A chit drawn face down for the {side} player.',
    'private.handTo': 'Hand the device to the {side} player',
    'private.confirm': 'I am the {side} player: show it',
    'private.hide': 'Hide it again',
    'private.given': "A chit was given to the {side} player's hand ({cup}).",
    'private.played': 'The {side} player plays {chits} from his hand; it is gone for good.',
    'hand.title': 'Hand of the {side} player: {n, plural, one {# chit} other {# chits}}',
    'hand.look': 'Look at the {side} hand',
    'hand.play': 'Play',
    'hand.give': "Give a chit to the {side} player's hand",
    'hand.chit': 'Chit',
    'hand.summary': 'Chits held in hand',
    'show.button': 'Show across the table',
    'show.flip': 'Turn upside down for the player opposite',
    'show.close': 'Close',
    'settings.wakeLock': 'Keep the screen awake during a game',
    'settings.vibrate': 'Vibrate when a hidden chit is revealed',
    'settings.sound': 'Play a short sound when a hidden chit is revealed',
    'tabs.readOnly':
      'This game is open in another tab, which is the one that saves its steps. Here it is read-only and follows along.',
    'tabs.lost': 'Another tab took this game over. This tab is now read-only and follows along.',
    'tabs.takeOver': 'Play in this tab instead',
    'tabs.deleteOpen': 'This game is open in another tab. Close it there first, then delete it.',
    'balance.title': 'Balanced randomness (agreed by the players)',
    'balance.help':
      'Off by default. Turning it on or off is a step of the log: it is replayed, verified and can be undone. Physical dice and chits typed in are never drawn from a deck or capped.',
    'balance.deck':
      'Deck mode for dice: each roll draws from a deck holding every combination once (36 cards for 2d6), shuffled again when it runs out',
    'balance.cap': 'Streak cap for cups: at most this many chits of one side in a row',
    'balance.capOff': 'No cap',
    'balance.capN': '{n, plural, one {# chit} other {# chits}}',
    'balance.apply': 'Apply',
    'balance.now': 'Now: {deck}; {cap}.',
    'balance.deckOn': 'deck mode on',
    'balance.deckOff': 'deck mode off',
    'balance.capOn': 'at most {n} in a row from a cup',
    'balance.capNone': 'no streak cap',
    'balance.physical': 'Physical dice typed in are not drawn from the deck.',
    'deck.left': 'Deck: {left} of {of} left',
    'deck.full': 'Deck: a full deck of {of}',
    'deck.drawn': 'Drawn from the deck: {left} of {of} cards left',
    'deck.last': 'The last card of the deck: a new deck of {of} is shuffled for the next roll',
    'deck.tooBig': 'Deck mode: rolls of more than {max} combinations are rolled as usual',
    'cap.applied': 'Streak cap: {side} had {n} in a row, so this chit was drawn from the other sides’ chits only',
    'cap.next': 'Next draw: {chances}',
    'cap.nextCapped': 'Streak cap: {side}, {n} in a row; the next draw comes from the other sides’ chits only.',
    'x.balance': 'Balanced randomness agreed: {deck}; {cap}',
    'x.joint':
      'Joint randomness: from now on every roll is made from a value of each of these {n, plural, one {device} other {devices}}, given only once the roll is asked for: {names}',
    'x.jointLeft': '{n, plural, one {This device left} other {These devices left}} the joint randomness: {names}',
    'x.undo': '{n, plural, one {Step} other {Steps}} {steps} undone (the same dice come back if it is done again).',
    'luck.title': 'Luck',
    'luck.outcomes': 'Outcomes on the tables',
    'luck.outcomesHelp':
      'Each roll counts with its own chances (its column, its modifiers; in deck mode, the cards left), from the Tables and Combat tools and from the turn panels. The percentages are exact: how often luck alone gives at least, or at most, as many; and how often a run of rolls in a row at least as long as the longest one here happens.',
    'luck.rolls': '{n, plural, one {# roll} other {# rolls}}',
    'luck.outcome': '{obtained} of {n}, expected {expected}',
    'luck.outcomeOdds': 'at least {obtained}: {atLeast}, at most {obtained}: {atMost}',
    'luck.streak': 'longest run {longest} in a row, a run this long or longer: {streak}',
    'luck.together': 'Count together',
    'luck.typedIn':
      '{n, plural, one {# roll was} other {# rolls were}} typed in from real dice (counted: they happened at the table).',
    'luck.none': 'No rolls by the app yet.',
    'luck.line':
      '{dice}: {n, plural, one {# roll} other {# rolls}}, mean {mean} (expected {expected}), percentile {pct}',
    'luck.side': '{side}',
    'luck.manual':
      '{n, plural, one {# roll typed in from real dice is} other {# rolls typed in from real dice are}} not counted.',
    'luck.observed': 'Rolled',
    'luck.expected': 'Expected',
    'luck.chi':
      'Chi-square {stat} with {df} degrees of freedom: a spread this uneven or more happens by chance with probability {p}.',
    'sealed.committed':
      'The {side} player’s phone sealed {n, plural, one {# item} other {# items}} typed in private: the table holds only its count and commitment until that phone shows it.',
    'sealed.called': 'The table asks the phones to show {n, plural, one {# sealed value} other {# sealed values}}.',
    'sealed.revealed':
      'The {side} player’s phone shows its {n, plural, one {# sealed item} other {# sealed items}} (checked: they are what it sealed).',
    'sealed.err.exists': 'A sealed value with this name is already in the log.',
    'sealed.err.malformed': 'This sealed value step is not well formed.',
    'sealed.err.unknown': 'No sealed value of that name is in the log.',
    'sealed.err.revealed': 'The {side} side’s sealed value of step {step} is already shown.',
    'sealed.err.mismatch':
      'Refused: what the {side} side’s phone shows is not what it sealed at step {step} (its commitment does not match).',
    'sealed.err.count':
      'Refused: the {side} side’s phone sealed {n, plural, one {# item} other {# items}} at step {step}; what it shows holds another number.',
    'sealed.err.notHeld': 'This device does not hold that sealed value: only the phone that sealed it can show it.',
    'sealed.err.noPhone': 'Sealing needs this phone linked to the table as the {side} player’s.',
    'hidden.dealt':
      '{cup}: {n, plural, one {# chit} other {# chits}} shuffled and locked by the players’ phones together; no device can read one until its drawer’s phone opens it.',
    'hidden.drawn':
      'The {side} player drew a hidden chit: only that player’s phone can read it. {n, plural, one {# chit} other {# chits}} left in the hidden cup.',
    'hidden.revealed': 'The {side} player shows the hidden chit: {chit} (checked: it is the chit drawn).',
    'hidden.kept':
      'The {side} player keeps hidden chit {n} face down (checked: it is one of the chits that may be kept; which one, only that player’s phone knows).',
    'hidden.audited':
      '{cup}: every phone gave its secrets for the audit; every chit of this shuffle can now be opened, and the verifier checks each phone’s shuffle and unlocks.',
    'hidden.auditThis': 'Audit this deal',
    'hidden.auditWhen': 'At the end of the game, or after a dispute.',
    'hidden.auditCost':
      'The audit opens every chit of this deal to every device and checks every phone’s shuffle. What it costs:',
    'hidden.auditCostKept':
      '{n, plural, one {# chit kept face down in a hand is shown to everyone; it stays in its player’s hand, named, and is public from then on.} other {# chits kept face down in hands are shown to everyone; they stay in their players’ hands, named, and are public from then on.}}',
    'hidden.auditCostFace':
      '{n, plural, one {# chit drawn and not shown yet (not kept in a hand) is shown to everyone.} other {# chits drawn and not shown yet (not kept in a hand) are shown to everyone.}}',
    'hidden.auditCostLeft':
      '{n, plural, one {# chit not drawn yet goes back into the cup, shuffled afresh between the phones at its next face-down draw.} other {# chits not drawn yet go back into the cup, shuffled afresh between the phones at its next face-down draw.}}',
    'hidden.auditCostAgree': 'Each player agrees on their own phone; until then the game goes on.',
    'hidden.auditYes': 'Ask each player’s phone',
    'hidden.auditNo': 'Cancel',
    'hidden.auditAskLasting':
      'The table asks for this phone’s secrets to audit this deal (at the end of the game, or after a dispute). Giving them shows every chit of it to every device:',
    'hidden.auditWaiting':
      'Audit asked: waiting for the agreement of {n, plural, one {this side’s player} other {these sides’ players}}, each on their own phone: {sides}. The game goes on meanwhile.',
    'hidden.auditedNote': 'This deal was audited: every chit of it can now be opened by every device.',
    'hidden.auditedLastingNote':
      'This deal was audited: every chit of it is public. Chits that were kept face down are in their players’ hands, named; the chits not drawn are back in the cup, shuffled afresh between the phones at its next face-down draw. Play goes on.',
    'hidden.auditedLasting':
      '{cup}: every phone gave its secrets for the audit, and every chit of this deal is public now: {n, plural, one {# chit drawn and not shown is} other {# chits drawn and not shown are}} shown; {back, plural, one {# chit not drawn goes} other {# chits not drawn go}} back into the cup, to be shuffled afresh between the phones at its next face-down draw.',
    'hidden.auditShown': 'Shown by the audit: the {side} player’s chit {n}: {chit}.',
    'hidden.auditToHand':
      'Shown by the audit: the {side} player’s chit {n}, kept face down: {chit} — in that player’s hand, public.',
    'hidden.err.auditUndo':
      'Step {step} is the audit of a hidden cup: its phones’ secrets are in the log for good, so undoing it (or anything before it) would hide nothing again. Refused.',
    'hidden.err.auditOpened':
      'Refused: the audit must show each card drawn and not shown yet, once, as a chit not shown before.',
    'hidden.auditAskAll': 'Ask the phones for the audit (it opens every chit of this cup)',
    'hidden.refilled':
      '{cup}: every chit drawn, so the {n, plural, one {# chit} other {# chits}} of the discard pile go back into the cup (10.3), shuffled and locked again by the players’ phones together; no device can read one until its drawer’s phone opens it.',
    'hidden.err.refillDeal': 'This refill belongs to another shuffle of the cup.',
    'hidden.err.refillNotEmpty':
      'The hidden cup still holds {n, plural, one {# chit} other {# chits}}: the discard pile goes back in only once every chit is drawn (10.3).',
    'hidden.err.refillUnsettled':
      'Hidden chit {pos} is not shown or kept face down yet: the discard pile goes back in once every chit drawn is played (10.3).',
    'hidden.err.refillNotDiscarded':
      'Refused: {chit} is not in the discard pile, so it cannot go back into the cup (10.3).',
    'hidden.err.refillLeftOut':
      'Refused: {chit} is in the discard pile and was left out; all of it goes back into the cup (10.3).',
    'hidden.err.refillNothing': 'The discard pile is empty: there is nothing to put back into the cup.',
    'hidden.link.refillRefused':
      'This phone refused to shuffle a refill of a hidden cup: the deck it was given is not the discard pile’s fresh chits, nor the deck the phone before it signed.',
    'hidden.err.dealt': 'This cup is already shuffled between the phones.',
    'hidden.err.audited':
      'This shuffle was audited: its chits are no longer hidden. Draw at the end of the turn from a new shuffle.',
    'hidden.err.setAside': 'Chits are set aside in this cup: draw them first.',
    'hidden.err.empty': 'The hidden cup is empty.',
    'hidden.err.parties': 'A hidden cup needs one phone per side, each shuffling once.',
    'hidden.err.malformed': 'This hidden cup step is not well formed.',
    'hidden.err.noDeal': 'This cup is not shuffled between the phones.',
    'hidden.err.notParty': 'The {side} side has no phone in this hidden cup.',
    'hidden.err.notDrawn': 'No hidden chit was drawn at position {pos}.',
    'hidden.err.revealed': 'The hidden chit at position {pos} is already shown.',
    'hidden.err.twice': 'That chit was already shown: a chit cannot be drawn twice.',
    'hidden.err.noKeep': 'No chit of this cup may be kept face down: its player shows it.',
    'hidden.err.kept': 'The hidden chit at position {pos} is already kept face down.',
    'hidden.err.unrevealed':
      'A hidden chit (position {pos}) has not been shown yet: its player shows it before the turn ends.',
    'hidden.title':
      'Hidden cup: {n, plural, one {# chit} other {# chits}} left, shuffled and locked by the players’ phones together.',
    'hidden.deal': 'Shuffle between the players’ phones (hidden chits)',
    'hidden.dealHelp':
      'Each side has its own phone linked: a face-down draw shuffles this cup between the phones by itself (each phone shuffles and locks the chits in turn), then draws the chit hidden. It can be read on that side’s phone only — not on this device, not on the other phone — until it is shown. You can also shuffle now.',
    'hidden.phoneHelp':
      'When each side has its own phone linked, a face-down draw is shuffled between the phones by itself: only your phone can read your chit. Otherwise it is hidden on screen only.',
    'hidden.oneDevice':
      'Chits are hidden from the other side’s device only when each side has its own phone linked; otherwise a face-down draw is hidden on screen only.',
    'hidden.lasting':
      'These chits are held between the players’ phones for the whole game: the game’s own tool shows who holds them and plays them.',
    'hidden.drawFor': 'Draw a hidden chit for the {side} player',
    'hidden.draw': 'Draw a hidden chit',
    'hidden.yours': 'Your hidden chits (only this phone can read them)',
    'hidden.chit': 'Chit {n}: {chit}',
    'hidden.show': 'Show chit {n} to everyone',
    'hidden.unlocking': 'Chit {n}: the other phone is unlocking it for you…',
    'hidden.lost':
      'Chit {n} was drawn for this phone, but this phone no longer holds its secret (its storage was cleared, or it is another device): nobody can open it. Take the counter from the physical cup and type it in at the table, or undo the draw at the table and draw again — either is a step in the log.',
    'hidden.held':
      '{side}: {n, plural, one {# hidden chit} other {# hidden chits}} not shown yet (only that phone can read {n, plural, one {it} other {them}}; if it is lost, so {n, plural, one {is the chit} other {are the chits}}: take {n, plural, one {it} other {them}} from the physical cup, or undo and draw again).',
    'hidden.auditAsk':
      'The table asks for this phone’s secrets to audit the shuffle. Giving them opens every chit of this cup to every device.',
    'hidden.auditGive': 'Give them for the audit',
    'hidden.link.needPhones': 'A hidden cup needs a linked phone for each side; the {side} side has none.',
    'hidden.link.notPlayer': '{name} holds no side: it takes no part in a hidden cup.',
    'hidden.link.unasked': '{name} sent a hidden cup message nobody asked for: ignored.',
    'hidden.link.wrongPartial':
      '{name} sent a wrong unlock for hidden chit {n} (its proof does not hold): refused. That phone is not following the protocol.',
    'hidden.link.wrongPartialSide': 'The unlock sent by the {side} side does not hold: refused.',
    'hidden.link.badKeep':
      '{name} kept hidden chit {n} face down as a chit that may be kept, but its proof does not hold (it is not one of them): refused.',
    'hidden.link.badReveal':
      '{name} showed a chit for hidden chit {n} that is not the one drawn (its proof does not hold): refused.',
    'hidden.link.unlockRefused':
      'This phone was asked to unlock hidden chit {n}, which the log does not give to another side: refused.',
    'hidden.link.notAChit':
      'Hidden chit {n} did not open to a chit of this cup: the shuffle was not honest. Ask for the audit.',
    'hidden.link.waiting': 'Waiting for the {side} side’s phone to unlock a hidden chit.',
    'hidden.link.badDeck':
      '{name} sent a shuffled deck with a card missing or copied: refused, and the shuffle stopped. Nothing was logged.',
    'hidden.link.dealStalled':
      'The shuffle between the phones stopped: the {side} side’s phone did not answer in time. Nothing was logged; shuffle again once it is linked.',
    'hidden.link.auditOk': 'Audit of the hidden cup: every shuffle and every unlock was honest.',
    'hidden.link.auditWrongCard':
      'The audit step the table wrote shows card {card} as a chit the phones’ secrets do not open it to: this device refuses that step’s result. Keep the game file and check it with the verifier.',
    'hidden.link.auditFailed': 'Audit of the hidden cup: the {side} side’s phone did not follow the protocol ({what}).',
  },
  es: {
    'seed.commitment': 'Compromiso de la semilla',
    'seed.commitmentHelp':
      'Apunta ahora estos 16 caracteres. Cuando se revele la semilla, cualquiera podrá comprobarla con ellos: los dados estaban fijados desde el principio.',
    'seed.reveal': 'Revelar la semilla',
    'seed.confirmReveal': 'Revelar la semilla permite predecir los dados que vienen. ¿Revelarla?',
    'seed.revealed': 'Semilla: {seed}',
    'seed.hide': 'Ocultar la semilla',
    'ceremony.choice': 'Semilla de los dados',
    'ceremony.choiceDevice': 'La crea este dispositivo',
    'ceremony.choiceBoth': 'La crean los dos jugadores (cada uno da un secreto)',
    'ceremony.title': 'Una semilla que crean los dos jugadores',
    'ceremony.intro':
      'Cada jugador, por turno, da un secreto; su compromiso se muestra antes de que empiece el siguiente, y ningún secreto se revela hasta que estén todos. La semilla es el hash de todos los secretos y de un valor aleatorio de este dispositivo: nadie, ni quien tiene el dispositivo, la elige ni la conoce de antemano.',
    'ceremony.device': 'Compromiso de este dispositivo',
    'ceremony.committed': '{side} ({kind})',
    'ceremony.turn': 'Jugador {side}: tu secreto',
    'ceremony.how': 'Cómo',
    'ceremony.kind.text': 'texto escrito',
    'ceremony.kind.dice': 'dados reales introducidos',
    'ceremony.kind.taps': 'toques a mano',
    'ceremony.kind.device': 'azar de este dispositivo',
    'ceremony.secretText': 'Escribe lo que quieras (queda oculto)',
    'ceremony.secretDice': 'Tira dados reales y escribe las caras, p. ej. 3 5 2 6 1',
    'ceremony.tap': 'Toca aquí, a intervalos irregulares',
    'ceremony.taps': '{n} de al menos {min} toques',
    'ceremony.private': 'El otro jugador no mira. Después solo se muestra el compromiso.',
    'ceremony.commit': 'Comprometer mi secreto',
    'ceremony.allIn': 'Están todos los compromisos. Al empezar se revelan todos y se crea la semilla.',
    'ceremony.start': 'Revelar y empezar la partida',
    'ceremony.made':
      'La semilla la crearon los dos jugadores: es el hash de estas aportaciones, cada una comprometida antes de revelar ninguna. Verificar la partida comprueba cada una con su compromiso.',
    'ceremony.madeBy': 'Quién comprometió qué',
    'seal.title': 'Huella de la partida ahora',
    'seal.help':
      'Cambia con cada paso y con cada deshacer. Apúntala o fotografíala al parar: un archivo de esta partida recortado o alterado ya no termina en ella.',
    'seal.loading': 'Se muestra cuando se haya cargado todo el registro.',
    'seal.turnEnd': 'Huella del final de este turno',
    'verify.end': 'El registro termina en la huella {fingerprint} (paso {n}).',
    'verify.whereEnd': 'el final del registro',
    'verify.chainOnly':
      '«{name}» se exportó sin su semilla (compromiso {commitment}) y sin ningún estado del azar, así que nada en él predice una tirada: {n, plural, one {su # paso está encadenado} other {sus # pasos están encadenados}}, cada marca de deshacer coincide con los pasos de deshacer y el registro termina en la huella {fingerprint}. Hasta que se revele la semilla no se comprueban sus dados, extracciones y resultados, ni que cada paso parta del estado del azar que dejó el anterior: los verifica el archivo exportado con la semilla.',
    'verify.sealUnchecked':
      'Su último paso lo hizo una versión anterior, cuyos pasos incluyen sus estados del azar: dónde termina el registro no se puede comprobar sin la semilla.',
    'verify.formerRules':
      '{n, plural, one {# paso se registró} other {# pasos se registraron}} con una versión anterior de las reglas del juego y se {n, plural, one {reprodujo} other {reprodujeron}} con ella.',
    'verify.writtenRules':
      '{n, plural, one {El paso} other {Los pasos}} {steps} se {n, plural, one {registró} other {registraron}} con reglas que el juego ha corregido después: {n, plural, one {sus dados coinciden} other {sus dados coinciden}} con la semilla y {n, plural, one {su resultado queda como está escrito} other {sus resultados quedan como están escritos}}.',
    'verify.marksAsWritten':
      '{n, plural, one {# paso deshecho se hizo} other {# pasos deshechos se hicieron}} antes de que deshacer fuera un paso de la cadena: sus marcas quedan como están escritas.',
    'verify.joint':
      'Azar conjunto: {n, plural, one {# tirada o robo se hizo} other {# tiradas y robos se hicieron}} con los valores de {names}, cada valor comprobado contra la cadena que comprometió su dispositivo.',
    'verify.jointUnused':
      '{n, plural, one {# valor fue dado} other {# valores fueron dados}} por un dispositivo y nunca usados en un paso: una tirada pedida y no hecha.',
    'verify.whereCeremony': 'la ceremonia de la semilla',
    'verify.noSeal': 'Este archivo tiene un formato anterior y no registra su final: no puede mostrar si se recortó.',
    'verify.ok':
      '«{name}»: {n, plural, one {la # tirada o extracción coincide} other {las # tiradas y extracciones coinciden}} con la semilla {fingerprint}.',
    'verify.okManual':
      '{n, plural, one {# paso se introdujo} other {# pasos se introdujeron}} desde dados o recipientes reales; pasaron por las mismas tablas.',
    'verify.unverified':
      'La semilla prueba los dados, las extracciones, los resultados y su orden; la hora de cada paso, quién actuó, el turno anotado y el nombre de la partida quedan como están escritos.',
    'verify.bad': 'Este archivo no coincide con su semilla: {where} — {reason}.',
    'verify.notGame': 'Esto no es un archivo de partida: {reason}.',
    'side.acting': 'Quién actúa',
    'side.nobody': 'Nadie en concreto',
    'filter.title': 'Mostrar',
    'filter.turn': 'Turno',
    'filter.kind': 'Tipo',
    'filter.side': 'Bando',
    'filter.phase': 'Fase',
    'filter.all': 'Todo',
    'filter.none': 'Ningún paso cumple estos filtros.',
    'kind.roll': 'Dados',
    'kind.resolution': 'Tablas y combate',
    'kind.draw': 'Fichas sacadas',
    'kind.cup': 'Cambios en recipientes',
    'kind.end-turn': 'Fin de turno',
    'kind.note': 'Notas',
    'kind.balance': 'Azar equilibrado',
    'kind.joint': 'Azar conjunto',
    'kind.undo': 'Deshacer',
    'kind.procedure': 'Procedimientos del juego',
    'private.drawFor': 'Sacar boca abajo para el jugador {side}',
    'private.otherSide': 'Paso del jugador {side} ({rule}): en el teléfono del jugador {side} o en la mesa.',
    'private.hidden': 'Una ficha sacada boca abajo para el jugador {side}.',
    'private.handTo': 'Pasa el dispositivo al jugador {side}',
    'private.confirm': 'Soy el jugador {side}: mostrarla',
    'private.hide': 'Ocultarla de nuevo',
    'private.given': 'Se ha dado una ficha a la mano del jugador {side} ({cup}).',
    'private.played': 'El jugador {side} juega {chits} de su mano; desaparece para siempre.',
    'hand.title': 'Mano del jugador {side}: {n, plural, one {# ficha} other {# fichas}}',
    'hand.look': 'Mirar la mano {side}',
    'hand.play': 'Jugar',
    'hand.give': 'Dar una ficha a la mano del jugador {side}',
    'hand.chit': 'Ficha',
    'hand.summary': 'Fichas en la mano',
    'show.button': 'Mostrar al otro lado de la mesa',
    'show.flip': 'Girar para el jugador de enfrente',
    'show.close': 'Cerrar',
    'settings.wakeLock': 'Mantener la pantalla encendida durante la partida',
    'settings.vibrate': 'Vibrar al revelar una ficha oculta',
    'settings.sound': 'Sonar un breve tono al revelar una ficha oculta',
    'tabs.readOnly':
      'Esta partida está abierta en otra pestaña, que es la que guarda sus pasos. Aquí es de solo lectura y la sigue.',
    'tabs.lost': 'Otra pestaña ha tomado esta partida. Esta pestaña es ahora de solo lectura y la sigue.',
    'tabs.takeOver': 'Jugar en esta pestaña',
    'tabs.deleteOpen': 'Esta partida está abierta en otra pestaña. Ciérrala allí antes de borrarla.',
    'balance.title': 'Azar equilibrado (acordado por los jugadores)',
    'balance.help':
      'Desactivado por defecto. Activarlo o desactivarlo es un paso del registro: se reproduce, se verifica y se puede deshacer. Los dados físicos y las fichas introducidos a mano nunca salen de un mazo ni se limitan.',
    'balance.deck':
      'Modo mazo para los dados: cada tirada saca una carta de un mazo con cada combinación una vez (36 cartas para 2d6), que se baraja de nuevo al acabarse',
    'balance.cap': 'Límite de racha en los recipientes: como mucho tantas fichas seguidas de un bando',
    'balance.capOff': 'Sin límite',
    'balance.capN': '{n, plural, one {# ficha} other {# fichas}}',
    'balance.apply': 'Aplicar',
    'balance.now': 'Ahora: {deck}; {cap}.',
    'balance.deckOn': 'modo mazo activado',
    'balance.deckOff': 'modo mazo desactivado',
    'balance.capOn': 'como mucho {n} seguidas de un recipiente',
    'balance.capNone': 'sin límite de racha',
    'balance.physical': 'Los dados físicos introducidos a mano no salen del mazo.',
    'deck.left': 'Mazo: quedan {left} de {of}',
    'deck.full': 'Mazo: un mazo completo de {of}',
    'deck.drawn': 'Sacada del mazo: quedan {left} de {of} cartas',
    'deck.last': 'La última carta del mazo: para la próxima tirada se baraja un mazo nuevo de {of}',
    'deck.tooBig': 'Modo mazo: las tiradas de más de {max} combinaciones se tiran como siempre',
    'cap.applied':
      'Límite de racha: {side} llevaba {n} seguidas, así que esta ficha se sacó solo entre las de los otros bandos',
    'cap.next': 'Próxima extracción: {chances}',
    'cap.nextCapped': 'Límite de racha: {side}, {n} seguidas; la próxima sale solo de las fichas de los otros bandos.',
    'x.balance': 'Azar equilibrado acordado: {deck}; {cap}',
    'x.joint':
      'Azar conjunto: desde ahora cada tirada se hace con un valor de {n, plural, one {este dispositivo} other {cada uno de estos dispositivos}}, dado solo cuando se pide la tirada: {names}',
    'x.jointLeft': '{n, plural, one {Deja} other {Dejan}} el azar conjunto: {names}',
    'x.undo':
      '{n, plural, one {Paso} other {Pasos}} {steps} {n, plural, one {deshecho} other {deshechos}} (si se vuelve a hacer, salen los mismos dados).',
    'luck.title': 'Suerte',
    'luck.outcomes': 'Resultados en las tablas',
    'luck.outcomesHelp':
      'Cada tirada cuenta con sus propias probabilidades (su columna, sus modificadores; en modo mazo, las cartas que quedan), de las herramientas de Tablas y Combate y de los paneles de turno. Los porcentajes son exactos: con qué frecuencia el azar solo da al menos, o como mucho, tantos; y con qué frecuencia aparece una racha de tiradas seguidas al menos tan larga como la más larga de aquí.',
    'luck.rolls': '{n, plural, one {# tirada} other {# tiradas}}',
    'luck.outcome': '{obtained} de {n}, esperado {expected}',
    'luck.outcomeOdds': 'al menos {obtained}: {atLeast}, como mucho {obtained}: {atMost}',
    'luck.streak': 'racha más larga {longest} seguidas, una racha así o más larga: {streak}',
    'luck.together': 'Contar juntos',
    'luck.typedIn':
      '{n, plural, one {# tirada se introdujo} other {# tiradas se introdujeron}} desde dados reales (se cuentan: ocurrieron en la mesa).',
    'luck.none': 'La aplicación aún no ha tirado nada.',
    'luck.line':
      '{dice}: {n, plural, one {# tirada} other {# tiradas}}, media {mean} (esperada {expected}), percentil {pct}',
    'luck.side': '{side}',
    'luck.manual':
      'No se {n, plural, one {cuenta # tirada introducida} other {cuentan # tiradas introducidas}} desde dados reales.',
    'luck.observed': 'Obtenido',
    'luck.expected': 'Esperado',
    'luck.chi':
      'Chi cuadrado {stat} con {df} grados de libertad: un reparto así de desigual o más ocurre por azar con probabilidad {p}.',
    'sealed.committed':
      'El móvil del jugador {side} selló {n, plural, one {# dato anotado} other {# datos anotados}} en privado: la mesa solo guarda cuántos son y su compromiso hasta que ese móvil los muestre.',
    'sealed.called':
      'La mesa pide a los móviles que muestren {n, plural, one {# valor sellado} other {# valores sellados}}.',
    'sealed.revealed':
      'El móvil del jugador {side} muestra {n, plural, one {# dato sellado} other {# datos sellados}} (comprobado: es lo que selló).',
    'sealed.err.exists': 'Ya hay en el registro un valor sellado con este nombre.',
    'sealed.err.malformed': 'Este paso de valor sellado no está bien formado.',
    'sealed.err.unknown': 'No hay en el registro ningún valor sellado con ese nombre.',
    'sealed.err.revealed': 'El valor sellado del bando {side} en el paso {step} ya se ha mostrado.',
    'sealed.err.mismatch':
      'Rechazado: lo que muestra el móvil del bando {side} no es lo que selló en el paso {step} (no coincide con su compromiso).',
    'sealed.err.count':
      'Rechazado: el móvil del bando {side} selló {n, plural, one {# dato} other {# datos}} en el paso {step}; lo que muestra tiene otro número.',
    'sealed.err.notHeld': 'Este dispositivo no guarda ese valor sellado: solo el móvil que lo selló puede mostrarlo.',
    'sealed.err.noPhone': 'Para sellar, este móvil debe estar enlazado con la mesa como el del jugador {side}.',
    'hidden.dealt':
      '{cup}: {n, plural, one {# ficha barajada y cerrada} other {# fichas barajadas y cerradas}} entre los móviles de los jugadores; ningún dispositivo puede leer una hasta que el móvil de quien la saca la abre.',
    'hidden.drawn':
      'El jugador {side} sacó una ficha oculta: solo su móvil puede leerla. {n, plural, one {Queda # ficha} other {Quedan # fichas}} en el recipiente oculto.',
    'hidden.revealed': 'El jugador {side} muestra la ficha oculta: {chit} (comprobado: es la ficha sacada).',
    'hidden.kept':
      'El jugador {side} guarda boca abajo la ficha oculta {n} (comprobado: es una de las fichas que pueden guardarse; cuál, solo lo sabe el móvil de ese jugador).',
    'hidden.audited':
      '{cup}: cada móvil dio sus secretos para la auditoría; ya puede abrirse cada ficha de este barajado, y el verificador comprueba el barajado y las aperturas de cada móvil.',
    'hidden.auditThis': 'Auditar este reparto',
    'hidden.auditWhen': 'Al final de la partida, o tras una disputa.',
    'hidden.auditCost':
      'La auditoría abre todas las fichas de este reparto a todos los dispositivos y comprueba el barajado de cada móvil. Lo que cuesta:',
    'hidden.auditCostKept':
      '{n, plural, one {# ficha guardada boca abajo en una mano se muestra a todos; sigue en la mano de su jugador, con su nombre, y desde entonces es pública.} other {# fichas guardadas boca abajo en manos se muestran a todos; siguen en las manos de sus jugadores, con su nombre, y desde entonces son públicas.}}',
    'hidden.auditCostFace':
      '{n, plural, one {# ficha sacada y aún sin mostrar (no guardada en una mano) se muestra a todos.} other {# fichas sacadas y aún sin mostrar (no guardadas en una mano) se muestran a todos.}}',
    'hidden.auditCostLeft':
      '{n, plural, one {# ficha aún sin sacar vuelve al recipiente, que los móviles barajan de nuevo en su próxima extracción boca abajo.} other {# fichas aún sin sacar vuelven al recipiente, que los móviles barajan de nuevo en su próxima extracción boca abajo.}}',
    'hidden.auditCostAgree': 'Cada jugador da su acuerdo en su propio móvil; hasta entonces, la partida sigue.',
    'hidden.auditYes': 'Pedirlo al móvil de cada jugador',
    'hidden.auditNo': 'Cancelar',
    'hidden.auditAskLasting':
      'La mesa pide los secretos de este móvil para auditar este reparto (al final de la partida, o tras una disputa). Darlos muestra todas sus fichas a todos los dispositivos:',
    'hidden.auditWaiting':
      'Auditoría pedida: se espera el acuerdo {n, plural, one {del jugador de este bando} other {de los jugadores de estos bandos}}, cada uno en su propio móvil: {sides}. Mientras tanto, la partida sigue.',
    'hidden.auditedNote': 'Este reparto se auditó: cualquier dispositivo puede abrir ya cada una de sus fichas.',
    'hidden.auditedLastingNote':
      'Este reparto se auditó: todas sus fichas son públicas. Las fichas guardadas boca abajo están en las manos de sus jugadores, con su nombre; las no sacadas han vuelto al recipiente, que los móviles barajan de nuevo en su próxima extracción boca abajo. La partida sigue.',
    'hidden.auditedLasting':
      '{cup}: cada móvil dio sus secretos para la auditoría, y todas las fichas de este reparto son ya públicas: {n, plural, one {se muestra # ficha sacada y sin mostrar} other {se muestran # fichas sacadas y sin mostrar}}; {back, plural, one {# ficha sin sacar vuelve} other {# fichas sin sacar vuelven}} al recipiente, que los móviles barajarán de nuevo en su próxima extracción boca abajo.',
    'hidden.auditShown': 'Mostrada por la auditoría: la ficha {n} del jugador {side}: {chit}.',
    'hidden.auditToHand':
      'Mostrada por la auditoría: la ficha {n} del jugador {side}, guardada boca abajo: {chit} — en la mano de ese jugador, pública.',
    'hidden.err.auditUndo':
      'El paso {step} es la auditoría de un recipiente oculto: los secretos de sus móviles quedan en el registro para siempre, así que deshacerla (o algo anterior) no volvería a ocultar nada. Rechazado.',
    'hidden.err.auditOpened':
      'Rechazado: la auditoría debe mostrar cada carta sacada y aún sin mostrar, una vez, como una ficha no mostrada antes.',
    'hidden.auditAskAll': 'Pedir a los móviles la auditoría (abre todas las fichas de este recipiente)',
    'hidden.refilled':
      '{cup}: sacadas todas las fichas, {n, plural, one {la # ficha} other {las # fichas}} de la pila de descartadas vuelven al recipiente (10.3), barajadas y cerradas de nuevo por los móviles de los jugadores juntos; ningún dispositivo puede leer una hasta que la abra el móvil de quien la saca.',
    'hidden.err.refillDeal': 'Este rellenado pertenece a otro barajado del recipiente.',
    'hidden.err.refillNotEmpty':
      'El recipiente oculto aún tiene {n, plural, one {# ficha} other {# fichas}}: la pila de descartadas vuelve solo cuando se han sacado todas (10.3).',
    'hidden.err.refillUnsettled':
      'La ficha oculta {pos} aún no se ha mostrado ni guardado boca abajo: la pila de descartadas vuelve cuando se han jugado todas las sacadas (10.3).',
    'hidden.err.refillNotDiscarded':
      'Rechazado: {chit} no está en la pila de descartadas, así que no puede volver al recipiente (10.3).',
    'hidden.err.refillLeftOut':
      'Rechazado: {chit} está en la pila de descartadas y se dejó fuera; vuelve toda al recipiente (10.3).',
    'hidden.err.refillNothing': 'La pila de descartadas está vacía: no hay nada que devolver al recipiente.',
    'hidden.link.refillRefused':
      'Este móvil se negó a barajar un rellenado del recipiente oculto: el mazo recibido no son las fichas nuevas de la pila de descartadas ni el mazo que firmó el móvil anterior.',
    'hidden.err.dealt': 'Este recipiente ya está barajado entre los móviles.',
    'hidden.err.audited':
      'Este barajado se auditó: sus fichas ya no están ocultas. Sacad al final del turno de un barajado nuevo.',
    'hidden.err.setAside': 'Hay fichas apartadas en este recipiente: sácalas primero.',
    'hidden.err.empty': 'El recipiente oculto está vacío.',
    'hidden.err.parties': 'Un recipiente oculto necesita un móvil por bando, y que cada uno baraje una vez.',
    'hidden.err.malformed': 'Este paso del recipiente oculto no está bien formado.',
    'hidden.err.noDeal': 'Este recipiente no está barajado entre los móviles.',
    'hidden.err.notParty': 'El bando {side} no tiene móvil en este recipiente oculto.',
    'hidden.err.notDrawn': 'No se sacó ninguna ficha oculta en la posición {pos}.',
    'hidden.err.revealed': 'La ficha oculta de la posición {pos} ya se mostró.',
    'hidden.err.twice': 'Esa ficha ya se mostró: una ficha no puede sacarse dos veces.',
    'hidden.err.noKeep': 'Ninguna ficha de este recipiente puede guardarse boca abajo: su jugador la muestra.',
    'hidden.err.kept': 'La ficha oculta de la posición {pos} ya está guardada boca abajo.',
    'hidden.err.unrevealed':
      'Una ficha oculta (posición {pos}) aún no se ha mostrado: su jugador la muestra antes de que acabe el turno.',
    'hidden.title':
      'Recipiente oculto: {n, plural, one {queda # ficha} other {quedan # fichas}}, barajadas y cerradas entre los móviles de los jugadores.',
    'hidden.deal': 'Barajar entre los móviles de los jugadores (fichas ocultas)',
    'hidden.dealHelp':
      'Cada bando tiene su propio móvil enlazado: una ficha sacada boca abajo baraja este recipiente entre los móviles por sí sola (cada móvil baraja y cierra las fichas por turno) y después saca la ficha oculta. Solo puede leerse en el móvil de ese bando — ni en este dispositivo ni en el otro móvil — hasta que se muestra. También puedes barajar ahora.',
    'hidden.phoneHelp':
      'Cuando cada bando tiene su propio móvil enlazado, una ficha sacada boca abajo se baraja entre los móviles por sí sola: solo tu móvil puede leer tu ficha. Si no, solo se oculta en pantalla.',
    'hidden.oneDevice':
      'Las fichas quedan ocultas al dispositivo del otro bando solo si cada bando tiene su propio móvil enlazado; si no, una ficha boca abajo solo se oculta en pantalla.',
    'hidden.lasting':
      'Estas fichas están guardadas entre los móviles de los jugadores durante toda la partida: la herramienta propia del juego muestra quién las tiene y las juega.',
    'hidden.drawFor': 'Sacar una ficha oculta para el jugador {side}',
    'hidden.draw': 'Sacar una ficha oculta',
    'hidden.yours': 'Tus fichas ocultas (solo este móvil puede leerlas)',
    'hidden.chit': 'Ficha {n}: {chit}',
    'hidden.show': 'Mostrar la ficha {n} a todos',
    'hidden.unlocking': 'Ficha {n}: el otro móvil la está abriendo para ti…',
    'hidden.lost':
      'La ficha {n} se sacó para este móvil, pero este móvil ya no guarda su secreto (se borró su almacenamiento, o es otro dispositivo): nadie puede abrirla. Tomad la ficha del recipiente físico e introducidla en la mesa, o deshaced la extracción en la mesa y sacad otra — las dos cosas quedan como un paso del registro.',
    'hidden.held':
      '{side}: {n, plural, one {# ficha oculta} other {# fichas ocultas}} sin mostrar (solo ese móvil puede {n, plural, one {leerla} other {leerlas}}; si se pierde, se {n, plural, one {pierde la ficha} other {pierden las fichas}}: tomad{n, plural, one {la} other {las}} del recipiente físico, o deshaced y sacad de nuevo).',
    'hidden.auditAsk':
      'La mesa pide los secretos de este móvil para auditar el barajado. Darlos abre todas las fichas de este recipiente a todos los dispositivos.',
    'hidden.auditGive': 'Darlos para la auditoría',
    'hidden.link.needPhones': 'Un recipiente oculto necesita un móvil enlazado por bando; el bando {side} no tiene.',
    'hidden.link.notPlayer': '{name} no tiene bando: no toma parte en un recipiente oculto.',
    'hidden.link.unasked': '{name} envió un mensaje del recipiente oculto que nadie pidió: se ignora.',
    'hidden.link.wrongPartial':
      '{name} envió una apertura falsa de la ficha oculta {n} (su prueba no se cumple): rechazada. Ese móvil no sigue el protocolo.',
    'hidden.link.wrongPartialSide': 'La apertura enviada por el bando {side} no se cumple: rechazada.',
    'hidden.link.badKeep':
      '{name} guardó boca abajo la ficha oculta {n} como una de las que pueden guardarse, pero su prueba no se cumple (no es una de ellas): rechazada.',
    'hidden.link.badReveal':
      '{name} mostró para la ficha oculta {n} una ficha que no es la sacada (su prueba no se cumple): rechazada.',
    'hidden.link.unlockRefused':
      'Se pidió a este móvil abrir la ficha oculta {n}, que el registro no da a otro bando: rechazado.',
    'hidden.link.notAChit':
      'La ficha oculta {n} no se abrió en una ficha de este recipiente: el barajado no fue honrado. Pedid la auditoría.',
    'hidden.link.waiting': 'Esperando a que el móvil del bando {side} abra una ficha oculta.',
    'hidden.link.badDeck':
      '{name} envió un mazo barajado con una ficha de menos o repetida: rechazado, y el barajado se detuvo. No se registró nada.',
    'hidden.link.dealStalled':
      'El barajado entre los móviles se detuvo: el móvil del bando {side} no respondió a tiempo. No se registró nada; barajad de nuevo cuando esté enlazado.',
    'hidden.link.auditOk': 'Auditoría del recipiente oculto: cada barajado y cada apertura fueron honrados.',
    'hidden.link.auditWrongCard':
      'El paso de auditoría que escribió la mesa muestra la carta {card} como una ficha a la que no la abren los secretos de los móviles: este dispositivo rechaza ese resultado. Guardad el archivo de la partida y comprobadlo con el verificador.',
    'hidden.link.auditFailed':
      'Auditoría del recipiente oculto: el móvil del bando {side} no siguió el protocolo ({what}).',
  },
});
