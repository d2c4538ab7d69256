/** The sources module's public entry: the authors' own documents, read on a queue. */
export { sourcesRepository, type SourcesRepository } from './sources-repository';
export { sourcesService, type SourcesService } from './sources-service';
export { sourcesRoutes } from './sources-routes';
export { EXTRACT_SOURCE_TRIES, extractTaskId, type ExtractSourceTask } from './source-task';
