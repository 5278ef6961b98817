/** Every CLI command, one module each. Adding a command is one import and one list entry here. */
import type { CommandModule } from 'yargs';
import { benchCommand } from './bench.ts';
import { completeCommand } from './complete.ts';
import { dailyCommand } from './daily.ts';
import { dealCommand } from './deal.ts';
import { generateCommand } from './generate.ts';
import { gradeCommand } from './grade.ts';
import { renderCommand } from './render.ts';
import { exportCommand } from './export.ts';
import { importCommand } from './import.ts';
import { replayCommand } from './replay.ts';
import { schemasCommand } from './schemas.ts';
import { selfplayCommand } from './selfplay.ts';
import { solveCommand } from './solve.ts';
import { verifyCommand } from './verify.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [solveCommand, schemasCommand, benchCommand, verifyCommand, dailyCommand, dealCommand, replayCommand, selfplayCommand, completeCommand, gradeCommand, generateCommand, renderCommand, exportCommand, importCommand];
