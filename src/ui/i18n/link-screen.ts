import { defineMessages } from './define';

/** Messages of the link screen and the link layer (src/link), loaded with the link screen (src/ui/i18n lazyBlocks). */
export const linkScreen = defineMessages({
  en: {
    'link.title': 'Link devices',
    'link.intro':
      'Phones and tablets at one table, with no server and no Internet: one device writes the game, the others follow it and send it their requests. Codes go from screen to screen as QR codes, or copied and pasted.',
    'link.name': 'This device’s name',
    'link.share': 'Share this game (this device writes it)',
    'link.add': 'Add a device',
    'link.offerHelp': 'On the other device, open “Link devices”, choose “Join”, and scan this code or paste it.',
    'link.answerHere': 'The other device’s answer code',
    'link.accept': 'Link',
    'link.join': 'Join a game from another device',
    'link.offerHere': 'The code shown on the device that writes the game',
    'link.answer': 'Answer',
    'link.answerHelp': 'Show this code to the device that writes the game (scan it there, or paste it).',
    'link.scan': 'Scan with the camera',
    'link.scanStop': 'Stop scanning',
    'link.scanNone': 'No camera on this device: paste the code instead.',
    'link.copy': 'Copy the code',
    'link.copied': 'Code copied.',
    'link.qrAlt': 'QR code of the code below',
    'link.working': 'Preparing the code…',
    'link.waiting': 'Waiting for the other device…',
    'link.badCode': 'This is not a link code: {reason}.',
    'link.reason.not-a-code': 'it does not start with WC1',
    'link.reason.wrong-kind': 'it is the wrong code (an offer where an answer is asked, or the other way round)',
    'link.reason.damaged': 'it is incomplete or damaged',
    'link.failed': 'The link could not be made: {detail}',
    'link.noGame': 'Open a game on this device first to share it, or join one written by another device.',
    'link.roleWriter': 'This device writes the game',
    'link.roleReplica': 'This device follows the game written by another',
    'link.devices': 'Linked devices',
    'link.none': 'No device linked yet.',
    'link.connected': '{name}: linked',
    'link.lost': '{name}: link lost',
    'link.writer': '(writes the game)',
    'link.view': 'This device shows',
    'link.view.display': 'The shared display (for all)',
    'link.view.player': 'The {side} player’s hand',
    'link.view.writer': 'Everything (the writer)',
    'link.toGame': 'Go to the game',
    'link.takeOver': 'Take over as the writer',
    'link.takeOverHelp':
      'The device that wrote the game is gone. This device holds every step: it can write the game from here, and the others can link to it.',
    'link.leave': 'Unlink this device',
    'link.writerLost':
      'The link to {name}, which writes the game, is lost: nothing was sent. Relink, or take over as the writer.',
    'link.conflict':
      'The two copies of this game differ from step {n}: the steps were refused, nothing was merged or overwritten. Both are kept: {name} holds its copy; this device keeps its own, as the game “{game}”.',
    'link.branch':
      'The copy on {name} differs from this game from step {n}: it was refused, nothing was merged or overwritten. Both are kept: this device holds this game; {name} keeps its own copy, under its own name.',
    'link.notSuccessor':
      'Only {name} may take over as the writer: the device that wrote the game named it, so that two devices never both write it. Link to {name} when it takes over.',
    'link.noSuccessor':
      'The device that wrote the game named no device to take over: none may, so that two devices never both write it.',
    'link.successor': 'If the device that writes the game is lost, {name} takes over (no other device may).',
    'link.successorChoose': 'Takes over if this device is lost',
    'link.bad.notObject': '{name} sent a message that is not one of the link’s: refused.',
    'link.bad.oversized': '{name} sent a message too large for the link ({n} characters): refused.',
    'link.bad.type': '{name} sent a message of an unknown kind: refused.',
    'link.bad.field': '{name} sent a message with a wrong or unknown part (“{field}”): refused.',
    'link.bad.failed': 'A message from {name} could not be handled: nothing changed.',
    'link.bad.pack':
      '{name} sent a game pack that is not valid ({n, plural, one {# problem} other {# problems}}, the first at {where}): refused, nothing saved.',
    'link.bad.packHash':
      '{name} sent a game pack whose content is not the version it names ({id}): refused, nothing saved.',
    'link.needPack':
      '{name} shares a game of a pack version this device does not have ({id}): ask for the pack to be sent (“Send this pack to linked devices”); the game follows once it is saved here.',
    'link.sendPack': 'Send this pack to linked devices',
    'link.sendGamePack': 'Send this game’s pack to linked devices',
    'link.sendPackHelp': 'Each linked device checks the pack as a file and asks before saving it.',
    'link.packSent': '{n, plural, one {Sent to # device} other {Sent to # devices}}.',
    'link.packNone': 'No linked device is connected: nothing sent.',
    'link.packOffered': '{from} sends the game pack “{name}”, version {version}. Save it on this device?',
    'link.packSave': 'Save the pack',
    'link.packDecline': 'Not now',
    'link.packSaved': 'The pack “{name}” is saved on this device.',
    'link.bad.nameHeld': 'Another linked device is already named {name}: give this device another name.',
    'link.bad.sideHeld':
      'The {side} side is already held by {name}’s phone: one phone per side. This device stays the shared display.',
    'link.bad.noSide': 'This game has no side “{side}”: this device stays the shared display.',
    'link.bad.writerRole': '{name} asked to be the writer: one device writes the game. Refused.',
    'link.req.noHello': 'A request from {name} came before it said who it is: refused.',
    'link.req.replay': 'A request from {name} came again (number {n}): it is done once only.',
    'link.req.display': 'A shared display only shows the game: choose a side’s hand to play from {name}.',
    'link.req.unknown': '{name} asked for a step the link does not carry: refused.',
    'link.req.tableOnly':
      'That step is done on the device that writes the game, with both players there, not from one player’s phone ({name}).',
    'link.req.recorded': 'A request from {name} brought its own settings or charts: the game’s own are used; refused.',
    'link.req.dice':
      'A request from {name} brought its own dice: the game decides the dice of an app roll (only real dice typed in are sent). Refused.',
    'link.req.otherSide': 'A phone acts for its own side only: {name} asked for the {side} side. Refused.',
    'link.req.nothingToUndo': 'Nothing to undo.',
    'link.req.undoOther':
      'Step {n} was not made by this phone’s side ({name}): it is undone on the device that writes the game, with both players agreeing.',
    'link.req.tooLarge':
      'The step asked for by {name} would be too large for the link ({n} characters): refused, nothing stored.',
    'link.seed.phase.expired':
      'The ceremony ran out of time waiting for {names}: no seed was made, and the game is unchanged. Start it again.',
    'link.seed.awaited': 'Awaited: {names}',
    'link.hand': '{side}: {n, plural, =0 {no chit} one {# chit} other {# chits}} in hand',
    'link.display.turn': 'Turn {n}',
    'link.display.none': 'No step yet.',
    'link.settingsOnWriter': 'This game’s settings are changed on the device that writes it.',
    'link.writerElsewhere':
      'The device that writes this game has another game open: nothing was done. Open this game there.',
    'link.seed.title': 'The seed both players make, on their phones',
    'link.seed.intro':
      'Rolls here are joint: no seed is needed. Only if every player agrees, the game can go back to seed mode before its first roll: each player’s phone gives a secret for the seed of the dice (every linked device then holds the seed, and could know the rolls to come). Each phone sends only its commitment; when every commitment is in, the phones reveal their secrets, this device checks each against its commitment, and a new game of this scenario starts from the hash of them all and this device’s own random value. It replaces this empty game on every linked device.',
    'link.seed.needPlayers':
      'To make the seed on the phones, link each player’s phone and choose its side there (“The … player’s hand”).',
    'link.seed.start': 'Ask the players’ phones for the seed',
    'link.seed.again': 'Start the seed again',
    'link.seed.cancel': 'Stop the ceremony',
    'link.seed.device': 'Commitment of the device that writes the game (its own random value)',
    'link.seed.waiting': '{name} ({side}): its commitment is awaited',
    'link.seed.committed': '{name} ({side}, {kind}): committed',
    'link.seed.revealed': '{name} ({side}, {kind}): revealed, it matches its commitment',
    'link.seed.phase.commit':
      'Waiting for {n, plural, one {# commitment} other {# commitments}}. No secret leaves a phone before every commitment is in.',
    'link.seed.phase.reveal':
      'Every commitment is in: the phones reveal their secrets, each checked against its commitment.',
    'link.seed.phase.made': 'The seed is made from every contribution: the game starts from it on every linked device.',
    'link.seed.phase.refused':
      'The secret revealed by {name} does not match its commitment: no seed was made, and the game is unchanged.',
    'link.seed.phase.cancelled': 'The ceremony was stopped: the game is unchanged.',
    'link.seed.asked':
      'The device that writes the game asks this phone for a secret for the seed of the dice. Only its commitment leaves this phone now; the secret follows once every phone has committed.',
    'link.seed.mine': 'This phone’s commitment',
    'link.seed.inGame': 'This phone’s contribution is in the seed of this game.',
    'link.joint.title': 'Joint randomness',
    'link.joint.on':
      'On: every roll is made from a value of each of these devices, given only once the roll is asked for. No device, this one included, can know a roll before it is made, nor choose it: {names}.',
    'link.joint.seedMode':
      'Seed mode: the rolls made so far come from this game’s seed, which every device linked is given with the steps. It explains those rolls and predicts none after them: once a device is linked, the next roll is made from the own chain of the device that writes the game (a step of the log). Joint randomness with the players’ phones starts by itself when a player’s phone links and takes its side.',
    'link.joint.next':
      'No roll yet: this game’s seed is public and makes none. The next roll is made jointly with the players’ phones that hold a side, or, if none does, from the own chain of the device that writes the game (a step of the log).',
    'link.joint.agreed':
      'Seed mode, as the players agreed: they made this game’s seed together on their phones, and every linked device holds it, so any of them can know the rolls to come.',
    'link.joint.publicSeed':
      'This game’s seed is public and makes no roll (it was given before the first step): no device holds anything that predicts a roll.',
    'link.joint.alone':
      'Only {name} gives values now (no player’s phone is in the joint randomness): it could know the rolls to come, as in seed mode; no other device holds anything that predicts them. A player’s phone that links and takes its side joins the joint randomness, as a step of the log.',
    'link.joint.start': 'Roll jointly with the players’ phones',
    'link.joint.needPlayers': 'Link a player’s phone (a side’s hand) to roll jointly.',
    'link.joint.awaited': 'The roll of step {n} waits for the value of: {names}.',
    'link.joint.stalled':
      'The roll of step {n} has waited too long for: {names}. The table may go on without them: they leave the joint randomness, and the log says so; the roll is then asked for again.',
    'link.joint.drop': 'Go on without {names}',
    'link.joint.replaced': 'Another roll was asked for before this one was made: this one was not rolled.',
    'link.joint.lying':
      'The value from {name} is not the next of the chain it committed to: refused. The roll waits for a value that holds.',
    'link.joint.ownChain':
      'This device no longer holds its own chain for this game ({name}): it cannot give its value. Go on without it, or link again.',
    'link.joint.left': 'The link was closed before the roll was made: nothing was rolled.',
    'link.joint.dropped': 'Not rolled: {names} left the joint randomness (a step of the log). Ask for the roll again.',
    'link.joint.recommitted': '{name} committed to a new chain (a step of the log). Ask for the roll again.',
    'link.joint.noCommit': 'No commitment came from {names}: not in the joint randomness.',
    'link.holds':
      'This phone holds the whole game, to check every step and to take over as the writer. With its side taken, the rolls are joint: no seed it holds predicts one. Chits of a hidden cup drawn for the other side never reach it; other chits are hidden on its screen only, not in its storage.',
  },
  es: {
    'link.title': 'Enlazar dispositivos',
    'link.intro':
      'Móviles y tabletas en una misma mesa, sin servidor y sin Internet: un dispositivo escribe la partida, los demás la siguen y le envían sus peticiones. Los códigos pasan de pantalla a pantalla como códigos QR, o copiados y pegados.',
    'link.name': 'Nombre de este dispositivo',
    'link.share': 'Compartir esta partida (este dispositivo la escribe)',
    'link.add': 'Añadir un dispositivo',
    'link.offerHelp':
      'En el otro dispositivo, abre «Enlazar dispositivos», elige «Unirse» y escanea este código o pégalo.',
    'link.answerHere': 'El código de respuesta del otro dispositivo',
    'link.accept': 'Enlazar',
    'link.join': 'Unirse a una partida de otro dispositivo',
    'link.offerHere': 'El código que muestra el dispositivo que escribe la partida',
    'link.answer': 'Responder',
    'link.answerHelp': 'Muestra este código al dispositivo que escribe la partida (escanéalo allí o pégalo).',
    'link.scan': 'Escanear con la cámara',
    'link.scanStop': 'Dejar de escanear',
    'link.scanNone': 'Este dispositivo no tiene cámara: pega el código.',
    'link.copy': 'Copiar el código',
    'link.copied': 'Código copiado.',
    'link.qrAlt': 'Código QR del código de abajo',
    'link.working': 'Preparando el código…',
    'link.waiting': 'Esperando al otro dispositivo…',
    'link.badCode': 'No es un código de enlace: {reason}.',
    'link.reason.not-a-code': 'no empieza por WC1',
    'link.reason.wrong-kind': 'es el código equivocado (una oferta donde se pide una respuesta, o al revés)',
    'link.reason.damaged': 'está incompleto o dañado',
    'link.failed': 'No se pudo enlazar: {detail}',
    'link.noGame':
      'Abre antes una partida en este dispositivo para compartirla, o únete a una que escribe otro dispositivo.',
    'link.roleWriter': 'Este dispositivo escribe la partida',
    'link.roleReplica': 'Este dispositivo sigue la partida que escribe otro',
    'link.devices': 'Dispositivos enlazados',
    'link.none': 'Aún no hay ningún dispositivo enlazado.',
    'link.connected': '{name}: enlazado',
    'link.lost': '{name}: enlace perdido',
    'link.writer': '(escribe la partida)',
    'link.view': 'Este dispositivo muestra',
    'link.view.display': 'La pantalla común (para todos)',
    'link.view.player': 'La mano del jugador {side}',
    'link.view.writer': 'Todo (el que escribe)',
    'link.toGame': 'Ir a la partida',
    'link.takeOver': 'Pasar a escribir la partida',
    'link.takeOverHelp':
      'El dispositivo que escribía la partida ya no está. Este tiene todos los pasos: puede escribir la partida desde aquí, y los demás pueden enlazarse con él.',
    'link.leave': 'Desenlazar este dispositivo',
    'link.writerLost':
      'Se perdió el enlace con {name}, que escribe la partida: no se envió nada. Vuelve a enlazar, o pasa a escribir la partida.',
    'link.conflict':
      'Las dos copias de esta partida difieren desde el paso {n}: se rechazaron los pasos, no se mezcló ni se sobrescribió nada. Se guardan las dos: {name} tiene su copia; este dispositivo guarda la suya, como la partida «{game}».',
    'link.branch':
      'La copia de {name} difiere de esta partida desde el paso {n}: se rechazó, no se mezcló ni se sobrescribió nada. Se guardan las dos: este dispositivo tiene esta partida; {name} guarda su copia, con su propio nombre.',
    'link.notSuccessor':
      'Solo {name} puede pasar a escribir la partida: lo nombró el dispositivo que la escribía, para que nunca la escriban dos. Enlaza con {name} cuando tome el relevo.',
    'link.noSuccessor':
      'El dispositivo que escribía la partida no nombró a ninguno para tomar el relevo: ninguno puede, para que nunca la escriban dos.',
    'link.successor': 'Si se pierde el dispositivo que escribe la partida, toma el relevo {name} (ningún otro puede).',
    'link.successorChoose': 'Toma el relevo si se pierde este dispositivo',
    'link.bad.notObject': '{name} envió un mensaje que no es del enlace: rechazado.',
    'link.bad.oversized': '{name} envió un mensaje demasiado grande para el enlace ({n} caracteres): rechazado.',
    'link.bad.type': '{name} envió un mensaje de un tipo desconocido: rechazado.',
    'link.bad.field': '{name} envió un mensaje con una parte errónea o desconocida («{field}»): rechazado.',
    'link.bad.failed': 'No se pudo tratar un mensaje de {name}: no cambió nada.',
    'link.bad.pack':
      '{name} envió un paquete de juego no válido ({n, plural, one {# problema} other {# problemas}}, el primero en {where}): rechazado, no se guardó nada.',
    'link.bad.packHash':
      '{name} envió un paquete de juego cuyo contenido no es la versión que nombra ({id}): rechazado, no se guardó nada.',
    'link.needPack':
      '{name} comparte una partida de una versión de paquete que este dispositivo no tiene ({id}): pide que te envíen el paquete («Enviar este paquete a los dispositivos enlazados»); la partida sigue en cuanto se guarde aquí.',
    'link.sendPack': 'Enviar este paquete a los dispositivos enlazados',
    'link.sendGamePack': 'Enviar el paquete de esta partida a los dispositivos enlazados',
    'link.sendPackHelp':
      'Cada dispositivo enlazado comprueba el paquete como un archivo y pregunta antes de guardarlo.',
    'link.packSent': '{n, plural, one {Enviado a # dispositivo} other {Enviado a # dispositivos}}.',
    'link.packNone': 'No hay ningún dispositivo enlazado conectado: no se envió nada.',
    'link.packOffered': '{from} envía el paquete de juego «{name}», versión {version}. ¿Guardarlo en este dispositivo?',
    'link.packSave': 'Guardar el paquete',
    'link.packDecline': 'Ahora no',
    'link.packSaved': 'El paquete «{name}» está guardado en este dispositivo.',
    'link.bad.nameHeld': 'Ya hay otro dispositivo enlazado llamado {name}: da otro nombre a este.',
    'link.bad.sideHeld':
      'El bando {side} ya lo tiene el móvil de {name}: un móvil por bando. Este dispositivo sigue siendo la pantalla común.',
    'link.bad.noSide': 'Esta partida no tiene el bando «{side}»: este dispositivo sigue siendo la pantalla común.',
    'link.bad.writerRole': '{name} pidió ser el que escribe: la partida la escribe un solo dispositivo. Rechazado.',
    'link.req.noHello': 'Llegó una petición de {name} antes de que dijera quién es: rechazada.',
    'link.req.replay': 'Una petición de {name} llegó otra vez (número {n}): solo se hace una vez.',
    'link.req.display':
      'Una pantalla común solo muestra la partida: elige la mano de un bando para jugar desde {name}.',
    'link.req.unknown': '{name} pidió un paso que el enlace no lleva: rechazado.',
    'link.req.tableOnly':
      'Ese paso se hace en el dispositivo que escribe la partida, con los dos jugadores delante, no desde el móvil de un jugador ({name}).',
    'link.req.recorded':
      'Una petición de {name} traía sus propios ajustes o tablas: se usan los de la partida; rechazada.',
    'link.req.dice':
      'Una petición de {name} traía sus propios dados: la partida decide los dados de una tirada de la aplicación (solo se envían dados reales tecleados). Rechazada.',
    'link.req.otherSide': 'Un móvil actúa solo por su bando: {name} pidió por el bando {side}. Rechazado.',
    'link.req.nothingToUndo': 'No hay nada que deshacer.',
    'link.req.undoOther':
      'El paso {n} no lo hizo el bando de este móvil ({name}): se deshace en el dispositivo que escribe la partida, con el acuerdo de los dos jugadores.',
    'link.req.tooLarge':
      'El paso que pidió {name} sería demasiado grande para el enlace ({n} caracteres): rechazado, no se guardó nada.',
    'link.seed.phase.expired':
      'Se acabó el tiempo de la ceremonia esperando a {names}: no se creó ninguna semilla y la partida no cambia. Vuelve a empezarla.',
    'link.seed.awaited': 'Falta: {names}',
    'link.hand': '{side}: {n, plural, =0 {ninguna ficha} one {# ficha} other {# fichas}} en la mano',
    'link.display.turn': 'Turno {n}',
    'link.display.none': 'Aún no hay ningún paso.',
    'link.settingsOnWriter': 'Los ajustes de esta partida se cambian en el dispositivo que la escribe.',
    'link.writerElsewhere':
      'El dispositivo que escribe esta partida tiene otra partida abierta: no se hizo nada. Abre allí esta partida.',
    'link.seed.title': 'La semilla que crean los jugadores, en sus móviles',
    'link.seed.intro':
      'Aquí las tiradas son de azar conjunto: no hace falta semilla. Solo si todos los jugadores están de acuerdo, la partida puede volver al modo semilla antes de su primera tirada: el móvil de cada jugador da un secreto para la semilla de los dados (cada dispositivo enlazado guarda entonces la semilla y podría conocer las tiradas por venir). Cada móvil envía solo su compromiso; cuando están todos, los móviles revelan sus secretos, este dispositivo comprueba cada uno con su compromiso, y una partida nueva de este escenario empieza con el hash de todos ellos y del valor aleatorio de este dispositivo. Sustituye a esta partida vacía en todos los dispositivos enlazados.',
    'link.seed.needPlayers':
      'Para crear la semilla en los móviles, enlaza el móvil de cada jugador y elige allí su bando («La mano del jugador …»).',
    'link.seed.start': 'Pedir la semilla a los móviles de los jugadores',
    'link.seed.again': 'Volver a empezar la semilla',
    'link.seed.cancel': 'Detener la ceremonia',
    'link.seed.device': 'Compromiso del dispositivo que escribe la partida (su propio valor aleatorio)',
    'link.seed.waiting': '{name} ({side}): falta su compromiso',
    'link.seed.committed': '{name} ({side}, {kind}): comprometido',
    'link.seed.revealed': '{name} ({side}, {kind}): revelado, coincide con su compromiso',
    'link.seed.phase.commit':
      'Faltan {n, plural, one {# compromiso} other {# compromisos}}. Ningún secreto sale de un móvil antes de tener todos los compromisos.',
    'link.seed.phase.reveal':
      'Están todos los compromisos: los móviles revelan sus secretos y cada uno se comprueba con su compromiso.',
    'link.seed.phase.made':
      'La semilla se ha creado con todas las contribuciones: la partida empieza con ella en todos los dispositivos enlazados.',
    'link.seed.phase.refused':
      'El secreto revelado por {name} no coincide con su compromiso: no se ha creado ninguna semilla y la partida no cambia.',
    'link.seed.phase.cancelled': 'La ceremonia se ha detenido: la partida no cambia.',
    'link.seed.asked':
      'El dispositivo que escribe la partida pide a este móvil un secreto para la semilla de los dados. Ahora solo sale de este móvil su compromiso; el secreto sigue cuando todos los móviles se han comprometido.',
    'link.seed.mine': 'Compromiso de este móvil',
    'link.seed.inGame': 'La contribución de este móvil está en la semilla de esta partida.',
    'link.joint.title': 'Azar conjunto',
    'link.joint.on':
      'Activo: cada tirada se hace con un valor de cada uno de estos dispositivos, dado solo cuando se pide la tirada. Ningún dispositivo, este incluido, puede conocer una tirada antes de hacerse, ni elegirla: {names}.',
    'link.joint.seedMode':
      'Modo semilla: las tiradas hechas hasta ahora salen de la semilla de esta partida, que recibe con los pasos cada dispositivo que se enlaza. Explica esas tiradas y no predice ninguna después: en cuanto hay un dispositivo enlazado, la siguiente tirada se hace con la cadena propia del dispositivo que escribe la partida (un paso del registro). El azar conjunto con los móviles de los jugadores empieza solo cuando se enlaza el móvil de un jugador y elige su bando.',
    'link.joint.next':
      'Aún no hay tiradas: la semilla de esta partida es pública y no hace ninguna. La siguiente tirada se hace en conjunto con los móviles de los jugadores que tengan bando o, si ninguno lo tiene, con la cadena propia del dispositivo que escribe la partida (un paso del registro).',
    'link.joint.agreed':
      'Modo semilla, como acordaron los jugadores: crearon juntos la semilla de esta partida en sus móviles, y la tiene cada dispositivo enlazado, así que cualquiera de ellos puede conocer las tiradas por venir.',
    'link.joint.publicSeed':
      'La semilla de esta partida es pública y no hace ninguna tirada (se dio antes del primer paso): ningún dispositivo guarda nada que prediga una tirada.',
    'link.joint.alone':
      'Solo {name} da valores ahora (ningún móvil de jugador está en el azar conjunto): podría conocer las tiradas por venir, como en el modo semilla; ningún otro dispositivo guarda nada que las prediga. El móvil de un jugador que se enlace y elija su bando entra en el azar conjunto, como un paso del registro.',
    'link.joint.start': 'Tirar en conjunto con los móviles de los jugadores',
    'link.joint.needPlayers': 'Enlaza el móvil de un jugador (la mano de un bando) para tirar en conjunto.',
    'link.joint.awaited': 'La tirada del paso {n} espera el valor de: {names}.',
    'link.joint.stalled':
      'La tirada del paso {n} lleva demasiado esperando a: {names}. La mesa puede seguir sin ellos: dejan el azar conjunto, y el registro lo dice; luego se vuelve a pedir la tirada.',
    'link.joint.drop': 'Seguir sin {names}',
    'link.joint.replaced': 'Se pidió otra tirada antes de hacerse esta: esta no se tiró.',
    'link.joint.lying':
      'El valor de {name} no es el siguiente de la cadena que comprometió: rechazado. La tirada espera un valor válido.',
    'link.joint.ownChain':
      'Este dispositivo ya no guarda su propia cadena para esta partida ({name}): no puede dar su valor. Sigue sin él, o vuelve a enlazar.',
    'link.joint.left': 'El enlace se cerró antes de hacerse la tirada: no se tiró nada.',
    'link.joint.dropped':
      'No se tiró: {names} dejan el azar conjunto (un paso del registro). Vuelve a pedir la tirada.',
    'link.joint.recommitted':
      '{name} se comprometió con una cadena nueva (un paso del registro). Vuelve a pedir la tirada.',
    'link.joint.noCommit': 'No llegó compromiso de {names}: fuera del azar conjunto.',
    'link.holds':
      'Este móvil guarda la partida entera, para comprobar cada paso y poder tomar el relevo como el que escribe. Con su bando elegido, las tiradas son de azar conjunto: ninguna semilla que guarde predice una. Las fichas de una taza oculta sacadas para el otro bando nunca llegan a él; las demás fichas se ocultan solo en su pantalla, no en su almacenamiento.',
  },
});
