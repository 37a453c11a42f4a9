import { defineMessages } from '../../ui/i18n/define';

/** Grossdeutschland's supply record and VP count: the procedures in src/games/grossdeutschland/tally.ts and their UI (src/games/grossdeutschland/panel-tally.ts). */
export const grossdeutschlandTally = defineMessages({
  en: {
    'proc.gd.supply': 'Supply check',
    'proc.gd.supply.remove': 'Supply record: unit removed',
    'proc.gd.vp': 'Victory points',

    'gdt.err.side': 'Choose German or Soviet.',
    'gdt.err.unit': "Type the unit's name as printed on the counter (1 to 40 characters), e.g. 5K 2Gr.",
    'gdt.err.traced': 'Say whether the unit traced a supply path.',
    'gdt.err.auto': 'Auto-supplied is yes or no.',
    'gdt.err.checkedThisTurn':
      "{unit} was already checked in turn {turn}'s Supply phase: a unit is checked once per turn. To correct it, undo that step.",
    'gdt.err.unknownUnit': '{unit} is not in the supply record.',
    'gdt.err.whichSide': 'Both sides have a unit named {unit}: say which side.',
    'gdt.err.noVictory': 'This scenario has no victory data in the app: count the VP from the rulebook.',
    'gdt.err.held': 'List the locations held as a list.',
    'gdt.err.location': 'No victory location "{location}" in this scenario.',
    'gdt.err.duplicate': '{location} is listed twice.',
    'gdt.err.ambiguous': 'Several victory locations are called "{location}": give its hex.',
    'gdt.err.extra': 'Other VP must be a whole number from −99 to 99.',

    'gdt.side.german': 'German',
    'gdt.side.soviet': 'Soviet',
    'gdt.status.supplied': 'Supplied',
    'gdt.status.low': 'Low supply',
    'gdt.status.out': 'Out of supply',
    'gdt.was.low': 'low on supply',
    'gdt.was.out': 'out of supply',

    'gdt.supply.head.supplied': '{unit}: supplied',
    'gdt.supply.head.restored': '{unit}: back in supply',
    'gdt.supply.head.low': '{unit}: Low supply',
    'gdt.supply.head.out': '{unit}: Out of supply',
    'gdt.supply.head.stepLoss': '{unit}: step loss',
    'gdt.supply.traced':
      '{unit} ({side}) traces a supply path to an HQ of its battalion, or to the division HQ: supplied.',
    'gdt.supply.auto':
      '{unit} ({side}) is in the stack named auto-supplied: it counts as supplied this turn and moves, attacks and defends normally.',
    'gdt.supply.autoReminder':
      'Auto-supply: only when no battalion HQ can be a source, one stack per battalion (even a single unit) may be named each Supply phase; a unit that moves or retreats into or through that hex this turn does not get it.',
    'gdt.supply.autoStack': "Battalion {battalion}'s auto-supplied stack this turn is the one in hex {hex} (5.1).",
    'gdt.err.autoHex': 'Give the hex of the auto-supplied stack.',
    'gdt.err.autoTwice':
      'Battalion {battalion} already has its auto-supplied stack this turn, in {hex}: one per battalion (5.1).',
    'gdt.ui.battalion': 'Battalion (for auto-supply, optional)',
    'gdt.ui.hex': 'Hex of the stack (optional)',
    'gdt.supply.restored': '{unit} was {was}: back in supply, remove its supply marker.',
    'gdt.supply.artilleryReady':
      'Its artillery, kept on its fired side while out of supply, may be flipped back to ready.',
    'gdt.supply.failed':
      '{unit} ({side}) cannot trace a supply path: {n, plural, one {# Supply phase} other {# Supply phases}} in a row.',
    'gdt.supply.low': 'Low supply: its attack strength is halved, rounded up. Mark it with a supply marker.',
    'gdt.supply.out': 'Out of supply: its attack and defence strengths are halved, rounded down.',
    'gdt.supply.outMove':
      'Tracked and wheeled units move at half, rounded down (9.1 says half rounded up, HQs included: the text disagrees).',
    'gdt.supply.outNoDirect': 'No direct fire.',
    'gdt.supply.outArtillery': 'Artillery is flipped to its fired side and stays so until supply is restored.',
    'gdt.supply.stepLoss':
      'Supply phase {n} in a row without a path: the unit takes a casualty now — flip it to its spent side, or eliminate it if already spent.',
    'gdt.supply.stepLossRemove': 'If it is eliminated, remove it from the record.',
    'gdt.supply.gap':
      '{unit} was last checked in turn {last}, not in the previous turn: the failures are not known to be consecutive, so the count starts again.',

    'gdt.remove.head': '{unit} removed',
    'gdt.remove.line': '{unit} ({side}, {status}) is no longer in the supply record.',

    'gdt.vp.head.total': '{side}: {total} VP',
    'gdt.vp.head.wins': 'The {side} player wins with {total} VP',
    'gdt.vp.head.draw': 'Draw with {total} VP',
    'gdt.vp.head.short': 'The {other} player wins ({side}: {total} VP)',
    'gdt.vp.location': '{name} (hex {hex}): {vp} VP.',
    'gdt.vp.locationAny': '{name} (any of its hexes): {vp} VP.',
    'gdt.vp.locationPlain': '{name}: {vp} VP.',
    'gdt.vp.locationNote': 'Note: {note}',
    'gdt.vp.noneHeld': 'No victory location last occupied by the {side} player.',
    'gdt.vp.extra': 'Other VP counted by the players: {extra}.',
    'gdt.vp.total': 'Total for the {side} player: {total} VP.',
    'gdt.vp.wins': 'If the game ended now, the {side} player would win: {total} VP, at least {threshold} needed.',
    'gdt.vp.draw': 'If the game ended now, it would be a draw: {total} VP ({draw} VP is a draw).',
    'gdt.vp.short':
      'If the game ended now, the {other} player would win: the {side} player has {total} VP and needs at least {threshold}.',
    'gdt.vp.noThreshold': 'The text gives the victory condition in words (see the notes below), not as a VP total.',
    'gdt.vp.note': '{note}',

    'gdt.ui.supply.title': 'Supply record (5.1, 5.2)',
    'gdt.ui.supply.help':
      'In the Supply phase, enter each unit whose supply path is in doubt. The record counts its Supply phases in a row without a path: 1 Low supply, 2 Out of supply, 3 or more a step loss each phase. Units not in the record are supplied. Once a unit is recorded, check it every Supply phase until it is back in supply.',
    'gdt.ui.supply.form': 'Check a unit',
    'gdt.ui.unit': 'Unit (as on the counter, e.g. 5K 2Gr)',
    'gdt.ui.side': 'Side',
    'gdt.ui.traced': 'Traced a supply path',
    'gdt.ui.auto': 'Auto-supplied stack',
    'gdt.ui.failed': 'No supply path',
    'gdt.ui.record': 'Units in the supply record',
    'gdt.ui.summary': 'Low supply: {low}. Out of supply: {out}. Not yet checked this turn: {due}.',
    'gdt.ui.empty': 'No unit in the record: every unit is supplied.',
    'gdt.ui.col.unit': 'Unit',
    'gdt.ui.col.side': 'Side',
    'gdt.ui.col.status': 'Status',
    'gdt.ui.col.failures': 'Phases in a row without supply',
    'gdt.ui.col.losses': 'Step losses from supply',
    'gdt.ui.col.checked': 'Last check',
    'gdt.ui.col.actions': 'Actions',
    'gdt.ui.checkedNow': 'This turn',
    'gdt.ui.checkedDue': 'Turn {turn} — not yet this turn',
    'gdt.ui.rowTraced': 'Supplied',
    'gdt.ui.rowTracedLabel': '{unit}: traced a supply path this turn',
    'gdt.ui.rowFailed': 'No path',
    'gdt.ui.rowFailedLabel': '{unit}: no supply path this turn',
    'gdt.ui.remove': 'Remove',
    'gdt.ui.removeLabel': 'Remove {unit} from the record',

    'gdt.ui.vp.title': 'Victory points ({rule})',
    'gdt.ui.vp.help':
      'Tick each location last occupied by the {side} player. Put under "Other VP" what the app cannot see: units exited, VP to subtract, per-hex readings.',
    'gdt.ui.vp.locations': 'Locations last occupied by the {side} player',
    'gdt.ui.vp.location': '{name}, {vp} VP, hex {hex}',
    'gdt.ui.vp.locationAny': '{name}, {vp} VP, any of its hexes',
    'gdt.ui.vp.locationPlain': '{name}, {vp} VP',
    'gdt.ui.vp.extra': 'Other VP (can be negative)',
    'gdt.ui.vp.count': 'Count VP',
    'gdt.ui.vp.threshold': 'The {side} player wins with at least {threshold} VP.',
    'gdt.ui.vp.last': 'Last count, turn {turn}:',
    'gdt.ui.vp.notes': 'What the text also says',
    'gdt.ui.vp.breakdown': 'Locations: {locations} VP. Other: {extra} VP.',
    'gdt.ui.vp.noData': 'This scenario has no victory data in the app: count the VP from the rulebook.',
  },
  es: {
    'proc.gd.supply': 'Comprobación de suministros',
    'proc.gd.supply.remove': 'Registro de suministros: unidad retirada',
    'proc.gd.vp': 'Puntos de victoria',

    'gdt.err.side': 'Elige alemán o soviético.',
    'gdt.err.unit': 'Escribe el nombre de la unidad como aparece en la ficha (de 1 a 40 caracteres), p. ej. 5K 2Gr.',
    'gdt.err.traced': 'Indica si la unidad ha trazado un camino de suministros.',
    'gdt.err.auto': 'El suministro automático es sí o no.',
    'gdt.err.checkedThisTurn':
      '{unit} ya se comprobó en la fase de suministros del turno {turn}: cada unidad se comprueba una vez por turno. Para corregirlo, deshaz ese paso.',
    'gdt.err.unknownUnit': '{unit} no está en el registro de suministros.',
    'gdt.err.whichSide': 'Los dos bandos tienen una unidad llamada {unit}: indica de qué bando es.',
    'gdt.err.noVictory': 'Este escenario no tiene datos de victoria en la aplicación: cuenta los PV con el reglamento.',
    'gdt.err.held': 'Indica las ubicaciones ocupadas en forma de lista.',
    'gdt.err.location': 'No hay ninguna ubicación de victoria «{location}» en este escenario.',
    'gdt.err.duplicate': '{location} aparece dos veces.',
    'gdt.err.ambiguous': 'Hay varias ubicaciones de victoria llamadas «{location}»: indica su hexágono.',
    'gdt.err.extra': 'Los otros PV deben ser un número entero entre −99 y 99.',

    'gdt.side.german': 'alemán',
    'gdt.side.soviet': 'soviético',
    'gdt.status.supplied': 'Con suministros',
    'gdt.status.low': 'Bajo de suministros',
    'gdt.status.out': 'Sin suministros',
    'gdt.was.low': 'baja de suministros',
    'gdt.was.out': 'sin suministros',

    'gdt.supply.head.supplied': '{unit}: con suministros',
    'gdt.supply.head.restored': '{unit}: vuelve a tener suministros',
    'gdt.supply.head.low': '{unit}: bajo de suministros',
    'gdt.supply.head.out': '{unit}: sin suministros',
    'gdt.supply.head.stepLoss': '{unit}: sufre una baja',
    'gdt.supply.traced':
      '{unit} (bando {side}) traza un camino de suministros hasta un HQ de su batallón o hasta el HQ de la división: tiene suministros.',
    'gdt.supply.auto':
      '{unit} (bando {side}) está en el apilamiento nominado con suministro automático: se considera suministrada este turno y mueve, ataca y defiende con normalidad.',
    'gdt.supply.autoReminder':
      'Suministro automático: solo si ningún HQ de batallón puede ser fuente de suministros, en cada fase de suministros puede nominarse un apilamiento por batallón (aunque sea una sola unidad); una unidad que mueva o se retire a ese hexágono o a través de él este turno no lo recibe.',
    'gdt.supply.autoStack':
      'El apilamiento con suministro automático del batallón {battalion} este turno es el del hexágono {hex} (5.1).',
    'gdt.err.autoHex': 'Indica el hexágono del apilamiento con suministro automático.',
    'gdt.err.autoTwice':
      'El batallón {battalion} ya tiene este turno su apilamiento con suministro automático, en {hex}: solo uno por batallón (5.1).',
    'gdt.ui.battalion': 'Batallón (para el suministro automático, opcional)',
    'gdt.ui.hex': 'Hexágono del apilamiento (opcional)',
    'gdt.supply.restored': '{unit} estaba {was}: vuelve a tener suministros; quita su marcador de suministros.',
    'gdt.supply.artilleryReady':
      'Su artillería, que se mantenía por el lado de «disparada» mientras estaba sin suministros, puede volver a voltearse a su lado listo.',
    'gdt.supply.failed':
      '{unit} (bando {side}) no puede trazar un camino de suministros: {n, plural, one {# fase de suministros} other {# fases de suministros seguidas}}.',
    'gdt.supply.low':
      'Bajo de suministros: su fuerza de ataque se divide por la mitad, redondeando al alza. Márcala con un marcador de suministros.',
    'gdt.supply.out':
      'Sin suministros: sus fuerzas de ataque y defensa se dividen por la mitad, redondeando a la baja.',
    'gdt.supply.outMove':
      'Las unidades oruga y de ruedas mueven a la mitad, redondeando a la baja (la regla 9.1 dice a la mitad redondeando al alza, e incluye los HQ: el texto se contradice).',
    'gdt.supply.outNoDirect': 'No se permite el fuego de alcance directo.',
    'gdt.supply.outArtillery':
      'La artillería se voltea a su lado de «disparada» y permanece así hasta que se restablezca el suministro.',
    'gdt.supply.stepLoss':
      '{n} fases de suministros seguidas sin camino: la unidad sufre una baja inmediatamente; voltéala a su lado de gastada, o elimínala si ya estaba gastada.',
    'gdt.supply.stepLossRemove': 'Si queda eliminada, quítala del registro.',
    'gdt.supply.gap':
      '{unit} se comprobó por última vez en el turno {last}, no en el turno anterior: no consta que los fallos sean consecutivos, así que la cuenta vuelve a empezar.',

    'gdt.remove.head': '{unit} retirada',
    'gdt.remove.line': '{unit} (bando {side}, {status}) ya no está en el registro de suministros.',

    'gdt.vp.head.total': 'Bando {side}: {total} PV',
    'gdt.vp.head.wins': 'Gana el jugador {side} con {total} PV',
    'gdt.vp.head.draw': 'Empate con {total} PV',
    'gdt.vp.head.short': 'Gana el jugador {other} (el {side} tiene {total} PV)',
    'gdt.vp.location': '{name} (hexágono {hex}): {vp} PV.',
    'gdt.vp.locationAny': '{name} (cualquiera de sus hexágonos): {vp} PV.',
    'gdt.vp.locationPlain': '{name}: {vp} PV.',
    'gdt.vp.locationNote': 'Nota: {note}',
    'gdt.vp.noneHeld': 'El jugador {side} no ha sido el último en ocupar ninguna ubicación de victoria.',
    'gdt.vp.extra': 'Otros PV que cuentan los jugadores: {extra}.',
    'gdt.vp.total': 'Total del jugador {side}: {total} PV.',
    'gdt.vp.wins':
      'Si la partida terminara ahora, ganaría el jugador {side}: {total} PV, se necesitan al menos {threshold}.',
    'gdt.vp.draw': 'Si la partida terminara ahora, habría empate: {total} PV ({draw} PV es empate).',
    'gdt.vp.short':
      'Si la partida terminara ahora, ganaría el jugador {other}: el jugador {side} tiene {total} PV y necesita al menos {threshold}.',
    'gdt.vp.noThreshold':
      'El texto da la condición de victoria con palabras (ver las notas de abajo), no como un total de PV.',
    'gdt.vp.note': '{note}',

    'gdt.ui.supply.title': 'Registro de suministros (5.1, 5.2)',
    'gdt.ui.supply.help':
      'En la fase de suministros, anota cada unidad cuyo camino de suministros esté en duda. El registro cuenta sus fases de suministros seguidas sin camino: 1, bajo de suministros; 2, sin suministros; 3 o más, una baja en cada fase. Las unidades que no están en el registro tienen suministros. Una vez anotada, comprueba la unidad en cada fase de suministros hasta que vuelva a tenerlos.',
    'gdt.ui.supply.form': 'Comprobar una unidad',
    'gdt.ui.unit': 'Unidad (como en la ficha, p. ej. 5K 2Gr)',
    'gdt.ui.side': 'Bando',
    'gdt.ui.traced': 'Ha trazado un camino de suministros',
    'gdt.ui.auto': 'Apilamiento con suministro automático',
    'gdt.ui.failed': 'Sin camino de suministros',
    'gdt.ui.record': 'Unidades en el registro de suministros',
    'gdt.ui.summary': 'Bajo de suministros: {low}. Sin suministros: {out}. Aún sin comprobar este turno: {due}.',
    'gdt.ui.empty': 'No hay ninguna unidad en el registro: todas tienen suministros.',
    'gdt.ui.col.unit': 'Unidad',
    'gdt.ui.col.side': 'Bando',
    'gdt.ui.col.status': 'Estado',
    'gdt.ui.col.failures': 'Fases seguidas sin suministros',
    'gdt.ui.col.losses': 'Bajas por falta de suministros',
    'gdt.ui.col.checked': 'Última comprobación',
    'gdt.ui.col.actions': 'Acciones',
    'gdt.ui.checkedNow': 'Este turno',
    'gdt.ui.checkedDue': 'Turno {turn}; aún no este turno',
    'gdt.ui.rowTraced': 'Suministrada',
    'gdt.ui.rowTracedLabel': '{unit}: ha trazado un camino de suministros este turno',
    'gdt.ui.rowFailed': 'Sin camino',
    'gdt.ui.rowFailedLabel': '{unit}: sin camino de suministros este turno',
    'gdt.ui.remove': 'Quitar',
    'gdt.ui.removeLabel': 'Quitar {unit} del registro',

    'gdt.ui.vp.title': 'Puntos de victoria ({rule})',
    'gdt.ui.vp.help':
      'Marca cada ubicación que el jugador {side} haya sido el último en ocupar. Pon en «Otros PV» lo que la aplicación no puede ver: unidades que han salido del mapa, PV que hay que restar, lecturas por hexágono.',
    'gdt.ui.vp.locations': 'Ubicaciones ocupadas por última vez por el jugador {side}',
    'gdt.ui.vp.location': '{name}, {vp} PV, hexágono {hex}',
    'gdt.ui.vp.locationAny': '{name}, {vp} PV, cualquiera de sus hexágonos',
    'gdt.ui.vp.locationPlain': '{name}, {vp} PV',
    'gdt.ui.vp.extra': 'Otros PV (pueden ser negativos)',
    'gdt.ui.vp.count': 'Contar los PV',
    'gdt.ui.vp.threshold': 'El jugador {side} gana con al menos {threshold} PV.',
    'gdt.ui.vp.last': 'Último recuento, turno {turn}:',
    'gdt.ui.vp.notes': 'Lo que dice además el texto',
    'gdt.ui.vp.breakdown': 'Ubicaciones: {locations} PV. Otros: {extra} PV.',
    'gdt.ui.vp.noData': 'Este escenario no tiene datos de victoria en la aplicación: cuenta los PV con el reglamento.',
  },
});
